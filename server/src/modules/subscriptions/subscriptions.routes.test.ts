import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  PaymentResultSchema,
  SavedCardSchema,
  SubscriptionSchema,
} from "../../../../src/domain/models.ts"
import { sandboxObjects, subscriptions } from "../../db/schema-billing.ts"
import {
  createTestApp,
  type TestAccount,
  type TestApp,
  type TestCreator,
} from "../../../test/test-app.ts"
import { addBusinessDays } from "../../adapters/gateways/sandbox/sandbox-pix.ts"
import {
  auditOf,
  billing,
  boletoPayer,
  checkout,
  paymentsOf,
  settleInSandbox,
  subscriptionOf,
} from "../../../test/billing-test-kit.ts"

let t: TestApp
let creator: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu" })
  await t.createStory(creator.profileId)
})
afterAll(() => t.close())

async function cardToken(number = "4111111111111111") {
  const res = await t.inject({
    method: "POST",
    url: "/v1/sandbox/iugu/payment_token",
    payload: {
      account_id: "sandbox",
      method: "credit_card",
      data: {
        number,
        verification_value: "321",
        first_name: "Bia",
        last_name: "Lima",
        month: 1,
        year: 2031,
      },
    },
  })
  return res.json().id as string
}

async function paidByPix(buyer: TestAccount, planName = "MONTHLY") {
  const answer = await checkout(
    t,
    `/v1/${creator.username}/iugu/subscription/pix`,
    { planName },
    { token: buyer.token },
  )
  return settleInSandbox(t, answer.subscription, buyer.token)
}

const canSeeStories = async (token: string) =>
  (await t.inject({ url: `/v1/u/${creator.username}/stories`, token })).statusCode === 200

describe("GET /{username}/subscription and /subscription/{id}", () => {
  it("needs a session, answers null without a subscription and 404 for an unknown creator", async () => {
    const buyer = await t.createAccount()
    expect((await t.inject({ url: `/v1/${creator.username}/subscription` })).statusCode).toBe(401)
    expect(await subscriptionOf(t, creator.username, buyer.token)).toBeNull()
    expect(
      (await t.inject({ url: "/v1/ninguem-aqui/subscription", token: buyer.token })).statusCode,
    ).toBe(404)
  })

  it("shows a subscription to its buyer, its creator and an operator, and to nobody else", async () => {
    const buyer = await t.createAccount()
    const subscription = await paidByPix(buyer)
    const url = `/v1/subscription/${subscription.id}`
    const admin = await t.createAccount({ role: "admin" })
    for (const token of [buyer.token, creator.token, admin.token]) {
      const res = await t.inject({ url, token })
      expect(res.statusCode).toBe(200)
      expect(SubscriptionSchema.parse(res.json()).id).toBe(subscription.id)
    }
    const stranger = await t.createAccount()
    const otherCreator = await t.createCreator()
    for (const token of [stranger.token, otherCreator.token]) {
      const res = await t.inject({ url, token })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe("not_your_subscription")
    }
    expect(
      (await t.inject({ url: "/v1/subscription/nao-e-id", token: buyer.token })).statusCode,
    ).toBe(404)
    expect(
      (
        await t.inject({
          url: "/v1/subscription/00000000-0000-4000-8000-000000000000",
          token: buyer.token,
        })
      ).statusCode,
    ).toBe(404)
  })
})

describe("POST /subscription/{id}/cancel", () => {
  it("only the buyer cancels; access lasts until the period paid ends, then stops by itself", async () => {
    const buyer = await t.createAccount()
    const subscription = await paidByPix(buyer)
    const url = `/v1/subscription/${subscription.id}/cancel`
    const stranger = await t.createAccount()
    for (const token of [stranger.token, creator.token]) {
      expect((await t.inject({ method: "POST", url, token })).statusCode).toBe(403)
    }
    // A GET (a link, a prefetch) is no cancel.
    expect((await t.inject({ url, token: buyer.token })).statusCode).toBe(404)
    expect((await subscriptionOf(t, creator.username, buyer.token))?.canceledDate).toBeNull()

    const res = await t.inject({ method: "POST", url, token: buyer.token })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({})
    const cancelled = await subscriptionOf(t, creator.username, buyer.token)
    expect(cancelled).toMatchObject({
      status: "canceled",
      canceledDate: t.clock.now().toISOString(),
      currentPeriodEnd: subscription.currentPeriodEnd,
    })
    expect(await canSeeStories(buyer.token)).toBe(true)
    const audit = await auditOf(t, subscription.id)
    expect(audit.at(-1)).toMatchObject({ toStatus: "canceled", actor: `account:${buyer.id}` })

    // Cancelling again changes nothing.
    t.clock.advance(60_000)
    expect((await t.inject({ method: "POST", url, token: buyer.token })).statusCode).toBe(200)
    expect((await subscriptionOf(t, creator.username, buyer.token))?.canceledDate).toBe(
      cancelled!.canceledDate,
    )

    t.clock.set(new Date(new Date(subscription.currentPeriodEnd!).getTime() + 1))
    buyer.token = await t.tokenFor(buyer.id)
    expect(await canSeeStories(buyer.token)).toBe(false)
  })

  it("stops the card renewals at the gateway, and no other payment may charge the period twice", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      `/v1/${creator.username}/iugu/subscription/credit-card`,
      { planName: "MONTHLY", creditCardToken: await cardToken(), accountName: "BIA LIMA" },
      { token: buyer.token },
    )
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, answer.subscription.id))
    const recurrence = row!.gatewaySubscriptionId!
    const pix = await t.inject({
      method: "POST",
      url: `/v1/${creator.username}/iugu/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(pix.statusCode).toBe(409)
    expect(pix.json()).toMatchObject({
      code: "already_subscribed",
      message: "Sua assinatura já é renovada automaticamente no cartão.",
    })
    const res = await t.inject({
      method: "POST",
      url: `/v1/subscription/${answer.subscription.id}/cancel`,
      token: buyer.token,
    })
    expect(res.statusCode).toBe(200)
    const [stored] = await t.db
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, recurrence))
    expect(stored!.data).toMatchObject({ suspended: true })
    expect(await canSeeStories(buyer.token)).toBe(true)
  })

  it("cancels the open payments, here and at the gateway", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      `/v1/${creator.username}/iugu/subscription/pix`,
      { planName: "MONTHLY" },
      { token: buyer.token },
    )
    const res = await t.inject({
      method: "POST",
      url: `/v1/subscription/${answer.subscription.id}/cancel`,
      token: buyer.token,
    })
    expect(res.statusCode).toBe(200)
    const [payment] = await paymentsOf(t, answer.subscription.id)
    expect(payment).toMatchObject({ status: "canceled" })
    const [invoice] = await t.db
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, payment!.providerPaymentId!))
    expect(invoice!.data).toMatchObject({ status: "canceled" })
    expect(await subscriptionOf(t, creator.username, buyer.token)).toMatchObject({
      status: "canceled",
      currentPeriodEnd: null,
    })
    expect(await canSeeStories(buyer.token)).toBe(false)
  })
})

describe("paying an existing subscription again", () => {
  it("makes a boleto with its page, settled like the others", async () => {
    const buyer = await t.createAccount()
    const subscription = await paidByPix(buyer)
    const res = await t.inject({
      method: "POST",
      url: `/v1/payment/subscription/boleto/${subscription.id}`,
      token: buyer.token,
      payload: boletoPayer,
    })
    expect(res.statusCode, res.body).toBe(200)
    const { subscription: withBoleto } = PaymentResultSchema.parse(res.json())
    const payment = withBoleto.payment!
    expect(payment).toMatchObject({
      paymentMethod: "boleto",
      status: "pending",
      paymentGateway: "iugu",
    })
    expect(new Date(payment.expiresAt!).getTime() - new Date(payment.createdAt).getTime()).toBe(
      3 * 24 * 60 * 60_000,
    )
    const page = await t.inject({ url: payment.boletoUrl!.replace("http://localhost:3000", "") })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain("Boleto de teste")

    const before = new Date(withBoleto.currentPeriodEnd!)
    // Paid at the bank: approved when the bank compensates it, within 3 business days.
    const atBank = await settleInSandbox(t, withBoleto, buyer.token)
    expect(atBank.payment).toMatchObject({ status: "pending" })
    t.clock.set(addBusinessDays(t.clock.now(), 3))
    await billing(t).maintenance.reconcile()
    buyer.token = await t.tokenFor(buyer.id)
    const paid = (await subscriptionOf(t, creator.username, buyer.token))!
    expect(paid.payment).toMatchObject({ status: "paid", paymentMethod: "boleto" })
    const expected = new Date(before)
    expected.setUTCMonth(expected.getUTCMonth() + 1)
    // Paid early: the new month starts when the current one ends.
    expect(paid.currentPeriodEnd).toBe(expected.toISOString())
    expect(paid.currentPeriodStart).toBe(subscription.currentPeriodStart)
  })

  it("charges a card, updates the renewal card, and refuses someone else's subscription", async () => {
    const buyer = await t.createAccount()
    const subscription = await paidByPix(buyer)
    const credit = await t.inject({
      method: "POST",
      url: `/v1/payment/subscription/credit/${subscription.id}`,
      token: buyer.token,
      payload: {
        planName: "QUARTERLY",
        creditCardToken: await cardToken(),
        accountName: "BIA LIMA",
      },
    })
    expect(credit.statusCode, credit.body).toBe(200)
    expect(PaymentResultSchema.parse(credit.json()).subscription).toMatchObject({
      status: "paid",
      plan: { name: "QUARTERLY" },
      payment: { status: "paid", paymentMethod: "credit_card" },
    })

    const update = await t.inject({
      method: "POST",
      url: `/v1/payment/subscription/update/${subscription.id}`,
      token: buyer.token,
      payload: { creditCardToken: await cardToken("5555555555554444") },
    })
    expect(update.statusCode, update.body).toBe(200)
    const cards = SavedCardSchema.array().parse(
      (await t.inject({ url: "/v1/iugu/cards", token: buyer.token })).json(),
    )
    expect(cards.map((card) => card.displayNumber).sort()).toEqual([
      "XXXX-XXXX-XXXX-1111",
      "XXXX-XXXX-XXXX-4444",
    ])
    const used = await t.inject({
      method: "POST",
      url: `/v1/payment/subscription/update/${subscription.id}`,
      token: buyer.token,
      payload: { creditCardToken: "token-que-nao-existe" },
    })
    expect(used.statusCode).toBe(422)

    const stranger = await t.createAccount()
    for (const url of [
      `/v1/payment/subscription/credit/${subscription.id}`,
      `/v1/payment/subscription/boleto/${subscription.id}`,
      `/v1/payment/subscription/update/${subscription.id}`,
    ]) {
      const res = await t.inject({
        method: "POST",
        url,
        token: stranger.token,
        payload: { creditCardToken: "x" },
      })
      expect(res.statusCode, url).toBe(403)
    }
  })

  it("GET /iugu/cards needs a session and is empty for a buyer who never saved one", async () => {
    expect((await t.inject({ url: "/v1/iugu/cards" })).statusCode).toBe(401)
    const buyer = await t.createAccount()
    expect((await t.inject({ url: "/v1/iugu/cards", token: buyer.token })).json()).toEqual([])
  })
})
