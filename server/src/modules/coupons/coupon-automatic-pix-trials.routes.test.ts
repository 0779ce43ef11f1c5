import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  couponTrialMethodMessage,
  couponTrialUsedMessage,
  couponUsedUpMessage,
} from "../../../../src/domain/coupons.ts"
import { parsePixCode } from "../../../../src/domain/pix.ts"
import { CheckoutResponseSchema } from "../../../../src/domain/models.ts"
import { subscriptions } from "../../db/schema-billing.ts"
import { billing, day, paymentsOf, subscriptionOf } from "../../../test/billing-test-kit.ts"
import {
  createCoupon,
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
let creator: TestCreator

beforeAll(async () => {
  live = await startLiveBilling()
  t = live.t
  creator = await live.sellingCreator("iugu")
})
afterAll(() => live?.close())

const trialCoupon = (code: string, body: Record<string, unknown> = {}) =>
  createCoupon(t, creator, { ...trialCouponFields, code, ...body })

const payer = { accountName: "ANA ASSINANTE", accountDocument: "111.444.777-35" }

const buyOnAutomaticPix = (buyer: TestAccount, coupon: string, automaticPix = true) =>
  t.inject({
    method: "POST",
    url: `/v1/${creator.username}/iugu/subscription/pix`,
    token: buyer.token,
    payload: { planName: "MONTHLY", coupon, ...(automaticPix ? { automaticPix, ...payer } : {}) },
  })

/** The payer's bank answers the authorisation QR, and iugu notifies the subscription's change. */
async function answerAuthorisation(gatewaySubscriptionId: string, status: "APROVADA") {
  await live.iugu.answerAutomaticPix(gatewaySubscriptionId, status)
  const hook = await live.postIugu(
    { event: "subscription.changed", "data[id]": gatewaySubscriptionId },
    iuguWebhookToken,
  )
  expect(hook.statusCode).toBe(200)
}

/** A trial bought on Pix Automático, authorised at the payer's bank; the clock at its end. */
async function authorisedTrial(code: string) {
  const buyer = await t.createAccount()
  const res = await buyOnAutomaticPix(buyer, code)
  expect(res.statusCode, res.body).toBe(200)
  const answer = CheckoutResponseSchema.parse(res.json())
  const row = await storedSubscription(t, answer.subscription.id)
  await answerAuthorisation(row.gatewaySubscriptionId!, "APROVADA")
  return { buyer, answer, row }
}

describe("a free trial on Pix Automático (iugu)", () => {
  it("authorises the recurrence now, gives access at once and first debits the plan's price at its end", async () => {
    await trialCoupon("PIXTESTE")
    const buyer = await t.createAccount()
    const res = await buyOnAutomaticPix(buyer, "pixteste")
    expect(res.statusCode, res.body).toBe(200)
    const answer = CheckoutResponseSchema.parse(res.json())
    const started = live.clock.now()
    expect(answer.subscription).toMatchObject({ status: "trialing", recurrenceStatus: "CRIADA" })
    expect(new Date(answer.subscription.currentPeriodEnd!).getTime()).toBe(
      started.getTime() + 7 * day,
    )
    // The QR authorises the recurrence and pays nothing now.
    const code = parsePixCode(answer.authorization!.pixCode)
    expect(code.recurrenceUrl).toBeTruthy()
    expect(code.amountCents).toBeUndefined()
    expect(await live.canSeeStories(creator.username, buyer.token)).toBe(true)
    expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(0)
    const row = await storedSubscription(t, answer.subscription.id)
    expect(row).toMatchObject({ gateway: "iugu", trialCouponId: expect.any(String) })
    expect(await studioCouponOf(t, creator, "PIXTESTE")).toMatchObject({
      uses: 1,
      reserved: 0,
      revenueCents: 0,
    })

    await answerAuthorisation(row.gatewaySubscriptionId!, "APROVADA")
    expect((await storedSubscription(t, row.id)).recurrenceStatus).toBe("APROVADA")
    expect(await subscriptionOf(t, creator.username, buyer.token)).toMatchObject({
      status: "trialing",
    })
    // Nothing is debited before the trial ends.
    const early = await live.iugu.renewDue()
    expect(early.filter((i) => i.subscription_id === row.gatewaySubscriptionId)).toHaveLength(0)

    live.clock.set(new Date(started.getTime() + 7 * day + 60_000))
    buyer.token = await t.tokenFor(buyer.id)
    const debit = (await live.iugu.renewDue()).find(
      (invoice) => invoice.subscription_id === row.gatewaySubscriptionId,
    )!
    expect(debit).toMatchObject({ status: "paid", total_cents: 2990 + 199 })
    expect((await live.postIugu(live.invoiceHook(debit.id), iuguWebhookToken)).statusCode).toBe(200)
    expect(await subscriptionOf(t, creator.username, buyer.token)).toMatchObject({
      status: "paid",
      payment: { status: "paid", amountCents: 3189 },
    })
    expect(await studioCouponOf(t, creator, "PIXTESTE")).toMatchObject({
      uses: 1,
      revenueCents: 2990,
    })
  })

  it("ends as a failed renewal does when the first debit fails", async () => {
    await trialCoupon("PIXFALHA", { trialDays: 3 })
    const { buyer, answer, row } = await authorisedTrial("PIXFALHA")
    live.clock.set(new Date(new Date(answer.subscription.currentPeriodEnd!).getTime() + 60_000))
    buyer.token = await t.tokenFor(buyer.id)
    await live.iugu.failNextDebit(row.gatewaySubscriptionId!)
    const failed = (await live.iugu.renewDue()).find(
      (invoice) => invoice.subscription_id === row.gatewaySubscriptionId,
    )!
    expect(failed.status).toBe("expired")
    await live.postIugu(live.invoiceHook(failed.id, "expired"), iuguWebhookToken)
    await billing(t).maintenance.endPeriods()
    expect(await subscriptionOf(t, creator.username, buyer.token)).toMatchObject({
      status: "unpaid",
    })
    expect(await studioCouponOf(t, creator, "PIXFALHA")).toMatchObject({ uses: 1, revenueCents: 0 })
  })

  it("ends unpaid when the recurrence was never authorised", async () => {
    await trialCoupon("PIXSEMOK", { trialDays: 2 })
    const buyer = await t.createAccount()
    const res = await buyOnAutomaticPix(buyer, "PIXSEMOK")
    expect(res.statusCode, res.body).toBe(200)
    const answer = CheckoutResponseSchema.parse(res.json())
    live.clock.set(new Date(new Date(answer.subscription.currentPeriodEnd!).getTime() + 60_000))
    buyer.token = await t.tokenFor(buyer.id)
    const row = await storedSubscription(t, answer.subscription.id)
    const debits = await live.iugu.renewDue()
    expect(debits.filter((i) => i.subscription_id === row.gatewaySubscriptionId)).toHaveLength(0)
    await billing(t).maintenance.endPeriods()
    expect(await subscriptionOf(t, creator.username, buyer.token)).toMatchObject({
      status: "unpaid",
    })
    expect(await live.canSeeStories(creator.username, buyer.token)).toBe(false)
  })

  it("keeps the rules of every trial: one per follower, its limit, and no one-off Pix", async () => {
    await trialCoupon("PIXUMA", { maxUses: 1 })
    await trialCoupon("PIXOUTRA", { trialDays: 14 })
    const buyers = await Promise.all(Array.from({ length: 4 }, () => t.createAccount()))
    const answers = await Promise.all(buyers.map((buyer) => buyOnAutomaticPix(buyer, "PIXUMA")))
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1)
    const refused = answers.filter((res) => res.statusCode !== 200)
    expect(refused.every((res) => res.json().message === couponUsedUpMessage)).toBe(true)
    expect(await studioCouponOf(t, creator, "PIXUMA")).toMatchObject({ uses: 1 })

    // The follower who got it cannot take a second trial, with any coupon, even once it ended.
    const winner = buyers[answers.findIndex((res) => res.statusCode === 200)]!
    const trial = (await subscriptionOf(t, creator.username, winner.token))!
    const cancel = await t.inject({
      method: "POST",
      url: `/v1/subscription/${trial.id}/cancel`,
      token: winner.token,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    live.clock.advance(8 * day)
    for (const buyer of buyers) buyer.token = await t.tokenFor(buyer.id)
    await billing(t).maintenance.endPeriods()
    const again = await buyOnAutomaticPix(winner, "PIXOUTRA")
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ message: couponTrialUsedMessage, field: "coupon" })
    expect(await studioCouponOf(t, creator, "PIXOUTRA")).toMatchObject({ uses: 0 })
    // A refused trial leaves the follower as she came: no subscription waiting for a payment.
    const loser = buyers[answers.findIndex((res) => res.statusCode !== 200)]!
    for (const [i, buyer] of buyers.entries())
      if (answers[i]!.statusCode !== 200)
        expect(
          await t.db.select().from(subscriptions).where(eq(subscriptions.accountId, buyer.id)),
        ).toEqual([])
    expect(await subscriptionOf(t, creator.username, loser.token)).toBeNull()

    // A one-off Pix cannot charge by itself at the trial's end.
    const oneOff = await buyOnAutomaticPix(loser, "PIXOUTRA", false)
    expect(oneOff.statusCode).toBe(422)
    expect(oneOff.json()).toMatchObject({ message: couponTrialMethodMessage, field: "coupon" })
  })
})
