import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  couponTrialMethodMessage,
  couponTrialUsedMessage,
  couponUsedUpMessage,
  trialRefusal,
} from "../../../../src/domain/coupons.ts"
import { sandboxDeclinedCard } from "../../adapters/gateways/sandbox/sandbox-pix.ts"
import { billing, day, paymentsOf, subscriptionOf } from "../../../test/billing-test-kit.ts"
import {
  createCoupon,
  postCoupon,
  storedSubscription,
  studioCouponOf,
  trialCouponFields,
} from "../../../test/coupon-test-kit.ts"
import {
  iuguWebhookToken,
  startLiveBilling,
  type LiveBilling,
} from "../../../test/live-gateways.ts"
import type { TestAccount, TestApp, TestCreator } from "../../../test/test-app.ts"

let live: LiveBilling
let t: TestApp
let iuguCreator: TestCreator

beforeAll(async () => {
  live = await startLiveBilling()
  t = live.t
  iuguCreator = await live.sellingCreator("iugu")
})
afterAll(() => live?.close())

const createTrial = (owner: TestCreator, body: Record<string, unknown>) =>
  postCoupon(t, owner, { ...trialCouponFields, ...body })

const trialCoupon = (owner: TestCreator, body: Record<string, unknown>) =>
  createCoupon(t, owner, { ...trialCouponFields, ...body })

const buyByCard = async (buyer: TestAccount, payload: Record<string, unknown>, number?: string) =>
  t.inject({
    method: "POST",
    url: `/v1/${iuguCreator.username}/iugu/subscription/credit-card`,
    token: buyer.token,
    payload: {
      planName: "MONTHLY",
      creditCardToken: await live.cardToken(number),
      accountName: "ANA SOUZA",
      ...payload,
    },
  })

describe("a free trial coupon", () => {
  it("gives access at once, charges nothing, then charges the plan's price at its end", async () => {
    await trialCoupon(iuguCreator, { code: "TESTE7" })
    const quote = await t.inject({ url: `/v1/${iuguCreator.username}/coupons/teste7` })
    expect(quote.json()).toMatchObject({
      kind: "trial",
      trialDays: 7,
      trialEndsAt: new Date(live.clock.now().getTime() + 7 * day).toISOString(),
    })

    const buyer = await t.createAccount()
    const res = await buyByCard(buyer, { coupon: "teste7" })
    expect(res.statusCode, res.body).toBe(200)
    const started = live.clock.now()
    const trialing = await subscriptionOf(t, iuguCreator.username, buyer.token)
    expect(trialing).toMatchObject({ status: "trialing" })
    expect(new Date(trialing!.currentPeriodEnd!).getTime()).toBe(started.getTime() + 7 * day)
    expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(true)
    // No payment at the start, and no charge at iugu before the trial ends.
    expect(await paymentsOf(t, trialing!.id)).toHaveLength(0)
    expect(await live.iugu.renewDue()).toHaveLength(0)
    const row = await storedSubscription(t, trialing!.id)
    expect(row).toMatchObject({ gateway: "iugu", trialCouponId: expect.any(String) })
    expect(await studioCouponOf(t, iuguCreator, "TESTE7")).toMatchObject({
      uses: 1,
      reserved: 0,
      revenueCents: 0,
    })

    // The trial's last day: iugu charges the card at the plan's price, fee included.
    live.clock.set(new Date(started.getTime() + 7 * day + 60_000))
    buyer.token = await t.tokenFor(buyer.id)
    const [invoice] = await live.iugu.renewDue()
    expect(invoice).toMatchObject({ status: "paid", total_cents: 2990 + 199 })
    const hook = await live.postIugu(live.invoiceHook(invoice!.id), iuguWebhookToken)
    expect(hook.statusCode).toBe(200)
    const paid = await subscriptionOf(t, iuguCreator.username, buyer.token)
    expect(paid).toMatchObject({ status: "paid", payment: { status: "paid", amountCents: 3189 } })
    expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(true)
    expect(await studioCouponOf(t, iuguCreator, "TESTE7")).toMatchObject({
      uses: 1,
      revenueCents: 2990,
    })
  })

  it("ends as a failed renewal does when the charge at its end is refused", async () => {
    await trialCoupon(iuguCreator, { code: "TESTE3", trialDays: 3 })
    const buyer = await t.createAccount()
    const res = await buyByCard(buyer, { coupon: "TESTE3" }, sandboxDeclinedCard)
    expect(res.statusCode, res.body).toBe(200)
    const trialing = (await subscriptionOf(t, iuguCreator.username, buyer.token))!
    expect(trialing.status).toBe("trialing")

    live.clock.set(new Date(new Date(trialing.currentPeriodEnd!).getTime() + 60_000))
    buyer.token = await t.tokenFor(buyer.id)
    const row = await storedSubscription(t, trialing.id)
    const invoices = await live.iugu.renewDue({ dueNow: row.gatewaySubscriptionId! })
    const refused = invoices.find(
      (invoice) => invoice.subscription_id === row.gatewaySubscriptionId,
    )
    expect(refused?.status).toBe("pending")
    await billing(t).maintenance.endPeriods()
    expect(await subscriptionOf(t, iuguCreator.username, buyer.token)).toMatchObject({
      status: "unpaid",
    })
    expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(false)
    expect(await studioCouponOf(t, iuguCreator, "TESTE3")).toMatchObject({
      uses: 1,
      revenueCents: 0,
    })
  })

  it("charges at its end even when iugu's answer scheduling that charge was lost", async () => {
    await trialCoupon(iuguCreator, { code: "PERDIDO", trialDays: 2 })
    const buyer = await t.createAccount()
    live.iuguFake.loseNextAnswer("/v1/subscriptions")
    expect((await buyByCard(buyer, { coupon: "PERDIDO" })).statusCode).toBe(200)
    const trialing = (await subscriptionOf(t, iuguCreator.username, buyer.token))!
    expect(trialing.status).toBe("trialing")
    expect((await storedSubscription(t, trialing.id)).gatewaySubscriptionId).toBeNull()

    live.clock.set(new Date(new Date(trialing.currentPeriodEnd!).getTime() + 60_000))
    buyer.token = await t.tokenFor(buyer.id)
    const charge = (await live.iugu.renewDue()).find((invoice) =>
      invoice.custom_variables.some((v) => v.value === trialing.id),
    )!
    expect((await live.postIugu(live.invoiceHook(charge.id), iuguWebhookToken)).statusCode).toBe(
      200,
    )
    expect(await subscriptionOf(t, iuguCreator.username, buyer.token)).toMatchObject({
      status: "paid",
      payment: { status: "paid", amountCents: 3189 },
    })
  })

  it("is one per follower per creator, ever, with any trial coupon", async () => {
    await trialCoupon(iuguCreator, { code: "UMAVEZ" })
    await trialCoupon(iuguCreator, { code: "OUTRAVEZ", trialDays: 14 })
    const buyer = await t.createAccount()
    expect((await buyByCard(buyer, { coupon: "UMAVEZ" })).statusCode).toBe(200)
    const subscription = (await subscriptionOf(t, iuguCreator.username, buyer.token))!
    const cancel = await t.inject({
      method: "POST",
      url: `/v1/subscription/${subscription.id}/cancel`,
      token: buyer.token,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    live.clock.advance(8 * day)
    buyer.token = await t.tokenFor(buyer.id)
    await billing(t).maintenance.endPeriods()

    const second = await buyByCard(buyer, { coupon: "OUTRAVEZ" })
    expect(second.statusCode).toBe(422)
    expect(second.json()).toMatchObject({ message: couponTrialUsedMessage, field: "coupon" })
    expect(await studioCouponOf(t, iuguCreator, "OUTRAVEZ")).toMatchObject({ uses: 0 })
  })

  it("keeps to its limit of uses, and refuses a method that cannot wait for its end", async () => {
    await trialCoupon(iuguCreator, { code: "SOUM", maxUses: 1 })
    const first = await t.createAccount()
    const second = await t.createAccount()
    expect((await buyByCard(first, { coupon: "SOUM" })).statusCode).toBe(200)
    const used = await buyByCard(second, { coupon: "SOUM" })
    expect(used.statusCode).toBe(422)
    expect(used.json()).toMatchObject({ message: couponUsedUpMessage })

    await trialCoupon(iuguCreator, { code: "NOPIX" })
    const pix = await t.inject({
      method: "POST",
      url: `/v1/${iuguCreator.username}/iugu/subscription/pix`,
      token: second.token,
      payload: { planName: "MONTHLY", coupon: "NOPIX" },
    })
    expect(pix.statusCode).toBe(422)
    expect(pix.json()).toMatchObject({ message: couponTrialMethodMessage, field: "coupon" })
    // Refused before anything was written: she has no subscription at all.
    expect(await subscriptionOf(t, iuguCreator.username, second.token)).toBeNull()
  })

  it("gives its last use to exactly one of several buyers arriving at once", async () => {
    await trialCoupon(iuguCreator, { code: "ULTIMO", maxUses: 1 })
    const buyers = await Promise.all(Array.from({ length: 6 }, () => t.createAccount()))
    const answers = await Promise.all(buyers.map((buyer) => buyByCard(buyer, { coupon: "ULTIMO" })))
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1)
    const refused = answers.filter((res) => res.statusCode !== 200)
    expect(refused.every((res) => res.json().message === couponUsedUpMessage)).toBe(true)
    expect(await studioCouponOf(t, iuguCreator, "ULTIMO")).toMatchObject({ uses: 1 })
  })

  it("is refused in the studio for a creator whose gateway cannot charge at its end", async () => {
    for (const paymentGateway of ["bacen", "mercadoPagoPixOnly", "mercadoPago"] as const) {
      const creator = await t.createCreator({ paymentGateway })
      const res = await createTrial(creator, { code: "TESTE7" })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ message: trialRefusal(paymentGateway), field: "kind" })
      const list = await t.inject({ url: "/v1/studio/coupons", token: creator.token })
      expect(list.json()).toEqual([])
    }
    const tooLong = await createTrial(iuguCreator, { code: "LONGO", trialDays: 31 })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toMatchObject({ message: "De 1 a 30 dias" })
  })
})
