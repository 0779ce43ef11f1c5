import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eq } from "drizzle-orm"
import {
  CheckoutResponseSchema,
  PaymentRedirectSchema,
  PaymentsConfigSchema,
  SubscriptionSchema,
} from "../../../../src/domain/models.ts"
import { parsePixCode } from "../../../../src/domain/pix.ts"
import { plans } from "../../db/schema.ts"
import {
  createTestApp,
  type TestAccount,
  type TestApp,
  type TestCreator,
} from "../../../test/test-app.ts"
import {
  auditOf,
  checkout,
  settleInSandbox,
  subscriptionOf,
} from "../../../test/billing-test-kit.ts"

let t: TestApp
let mp: TestCreator
let pixOnly: TestCreator
let iugu: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  mp = await t.createCreator({ paymentGateway: "mercadoPago" })
  pixOnly = await t.createCreator({ paymentGateway: "mercadoPagoPixOnly" })
  iugu = await t.createCreator({ paymentGateway: "iugu" })
})
afterAll(() => t.close())

const post = (
  url: string,
  token: string,
  payload: Record<string, unknown> = { planName: "MONTHLY" },
) => t.inject({ method: "POST", url, token, payload })

async function mercadoPagoPix(creator: TestCreator, buyer: TestAccount) {
  const res = await post(`/v1/${creator.username}/mp/subscription/pix`, buyer.token)
  expect(res.statusCode, res.body).toBe(200)
  return SubscriptionSchema.parse(res.json())
}

describe("sandbox mode", () => {
  it("tells the browser it is the sandbox and where to tokenise test cards", async () => {
    const res = await t.inject({ url: "/v1/payments/config" })
    expect(PaymentsConfigSchema.parse(res.json())).toEqual({
      mode: "sandbox",
      iugu: { accountId: "sandbox", testMode: true, tokenUrl: "/v1/sandbox/iugu/payment_token" },
      mercadoPago: { publicKey: null },
    })
  })

  it("Mercado Pago Pix: a valid code, paid by 'Simular pagamento' through the signed webhook", async () => {
    const buyer = await t.createAccount()
    const subscription = await mercadoPagoPix(mp, buyer)
    expect(subscription.payment).toMatchObject({
      paymentGateway: "mercadoPago",
      paymentMethod: "pix",
    })
    expect(parsePixCode(subscription.payment!.pixCode!).amountCents).toBe(3189)
    const paid = await settleInSandbox(t, subscription, buyer.token)
    expect(paid).toMatchObject({ status: "paid", payment: { status: "paid" } })
    const audit = await auditOf(t, subscription.id)
    expect(audit.find((row) => row.toStatus === "paid")?.actor).toBe("webhook:mercadoPago")
  })

  it("'Simular recusa' fails the payment the same way", async () => {
    const buyer = await t.createAccount()
    const subscription = await mercadoPagoPix(pixOnly, buyer)
    const refused = await settleInSandbox(t, subscription, buyer.token, "refuse")
    expect(refused).toMatchObject({ status: "unpaid", payment: { status: "failed" } })
    const again = await t.inject({
      method: "POST",
      url: `/v1/sandbox/payments/${subscription.payment!.id}/pay`,
      token: buyer.token,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe("payment_not_pending")
  })

  it("card and link redirect to a page with the sandbox controls, then settle by webhook", async () => {
    for (const [path, method] of [
      ["card", "credit_card"],
      ["link", "link"],
    ] as const) {
      const buyer = await t.createAccount()
      const res = await post(`/v1/${mp.username}/mp/subscription/${path}`, buyer.token, {
        planName: "QUARTERLY",
      })
      expect(res.statusCode, res.body).toBe(200)
      const { url, subscription } = PaymentRedirectSchema.parse(res.json())
      expect(url).toMatch(
        new RegExp(
          `^http://localhost:3000/${mp.username.replace(".", "\\.")}/payment/status\\?sandbox_checkout=`,
        ),
      )
      expect(subscription.payment).toMatchObject({ paymentMethod: method, status: "pending" })
      const paid = await settleInSandbox(t, subscription, buyer.token)
      expect(paid, path).toMatchObject({ status: "paid", plan: { name: "QUARTERLY" } })
      // Once paid, the card renews by itself (409); a link may pay another period.
      const again = await post(`/v1/${mp.username}/mp/subscription/${path}`, buyer.token, {
        planName: "QUARTERLY",
      })
      expect(again.statusCode).toBe(path === "card" ? 409 : 200)
    }
  })

  it("a Mercado Pago Pix-only creator sells no card or link, and Mercado Pago calls need a session", async () => {
    const buyer = await t.createAccount()
    for (const path of ["card", "link"]) {
      const res = await post(`/v1/${pixOnly.username}/mp/subscription/${path}`, buyer.token)
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe("gateway_mismatch")
    }
    const iuguRes = await post(`/v1/${iugu.username}/mp/subscription/pix`, buyer.token)
    expect(iuguRes.json().code).toBe("gateway_mismatch")
    const anonymous = await t.inject({
      method: "POST",
      url: `/v1/${mp.username}/mp/subscription/pix`,
      payload: { planName: "MONTHLY" },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(await subscriptionOf(t, mp.username, buyer.token)).toBeNull()
  })

  it("only the buyer, the creator or an operator may settle a payment", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      `/v1/${iugu.username}/iugu/subscription/pix`,
      { planName: "MONTHLY" },
      { token: buyer.token },
    )
    const url = `/v1/sandbox/payments/${answer.subscription.payment!.id}/pay`
    const stranger = await t.createAccount()
    expect((await t.inject({ method: "POST", url, token: stranger.token })).statusCode).toBe(403)
    expect((await t.inject({ method: "POST", url })).statusCode).toBe(401)
    expect(
      (
        await t.inject({
          method: "POST",
          url: "/v1/sandbox/payments/00000000-0000-4000-8000-000000000000/pay",
          token: buyer.token,
        })
      ).statusCode,
    ).toBe(404)
    const byCreator = await t.inject({ method: "POST", url, token: iugu.token })
    expect(byCreator.statusCode).toBe(200)
    expect(byCreator.json().status).toBe("paid")
  })

  it("answers a Pix Automático trial's authorisation, which has no payment to settle", async () => {
    const [monthly] = await t.db.select().from(plans).where(eq(plans.profileId, iugu.profileId))
    const coupon = await post("/v1/studio/coupons", iugu.token, {
      code: "TESTEPIX",
      kind: "trial",
      trialDays: 7,
      planIds: [monthly!.id],
      maxUses: null,
      expiresAt: null,
    })
    expect(coupon.statusCode, coupon.body).toBe(200)
    /** A trial bought by `buyer`, whose authorisation `by` answers with `outcome`. */
    const trialAnswered = async (
      buyer: TestAccount,
      by: TestAccount,
      outcome: "pay" | "refuse",
    ) => {
      const bought = await post(`/v1/${iugu.username}/iugu/subscription/pix`, buyer.token, {
        planName: monthly!.name,
        coupon: "TESTEPIX",
        automaticPix: true,
        accountName: "ANA ASSINANTE",
        accountDocument: "111.444.777-35",
      })
      expect(bought.statusCode, bought.body).toBe(200)
      const { subscription } = CheckoutResponseSchema.parse(bought.json())
      expect(subscription).toMatchObject({ status: "trialing", recurrenceStatus: "CRIADA" })
      const url = (outcome: string) =>
        `/v1/sandbox/subscriptions/${subscription.id}/pix-automatico/authorization/${outcome}`
      const stranger = await t.createAccount()
      expect((await post(url("pay"), stranger.token, {})).statusCode).toBe(403)
      return {
        subscription,
        url,
        answer: await post(url(outcome), by.token, {}),
      }
    }

    const buyer = await t.createAccount()
    const approved = await trialAnswered(buyer, buyer, "pay")
    expect(approved.answer.statusCode, approved.answer.body).toBe(200)
    // Through iugu's signed notification, as the bank's answer arrives in production.
    expect(approved.answer.json()).toMatchObject({
      status: "trialing",
      recurrenceStatus: "APROVADA",
    })
    expect(await subscriptionOf(t, iugu.username, buyer.token)).toMatchObject({
      recurrenceStatus: "APROVADA",
    })
    const again = await post(approved.url("refuse"), buyer.token, {})
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe("Esta autorização do Pix Automático já foi respondida.")
    expect(await subscriptionOf(t, iugu.username, buyer.token)).toMatchObject({
      recurrenceStatus: "APROVADA",
    })

    const operator = await t.createAccount({ role: "admin" })
    const other = await t.createAccount()
    const refused = await trialAnswered(other, operator, "refuse")
    expect(refused.answer.statusCode, refused.answer.body).toBe(200)
    expect(refused.answer.json()).toMatchObject({ recurrenceStatus: "REJEITADA" })
  })
})

describe("OpenAPI", () => {
  it("documents every payment call of the spec, the signed-in ones with bearer auth", async () => {
    const doc = (await t.inject({ url: "/v1/docs/json" })).json()
    const calls = [
      ["post", "/v1/{username}/iugu/subscription/credit-card", false],
      ["post", "/v1/{username}/iugu/subscription/pix", false],
      ["get", "/v1/iugu/cards", true],
      ["post", "/v1/{username}/mp/subscription/pix", true],
      ["post", "/v1/{username}/mp/subscription/card", true],
      ["post", "/v1/{username}/mp/subscription/link", true],
      ["post", "/v1/{username}/subscription/pix/receipt", true],
      ["get", "/v1/{username}/subscription", true],
      ["get", "/v1/subscription/{id}", true],
      ["post", "/v1/subscription/{id}/cancel", true],
      ["post", "/v1/{username}/subscription/pix", true],
      ["post", "/v1/payment/subscription/credit/{id}", true],
      ["post", "/v1/payment/subscription/update/{id}", true],
      ["post", "/v1/payment/subscription/boleto/{id}", true],
      ["post", "/v1/webhooks/iugu", false],
      ["post", "/v1/webhooks/mercadopago", false],
      ["post", "/v1/sandbox/payments/{paymentId}/pay", true],
      ["post", "/v1/sandbox/payments/{paymentId}/refuse", true],
      ["get", "/v1/studio/receipts", true],
      ["post", "/v1/studio/receipts/{paymentId}/approve", true],
      ["post", "/v1/studio/receipts/{paymentId}/reject", true],
      ["get", "/v1/payments/config", false],
    ] as const
    for (const [method, path, signedIn] of calls) {
      const operation = doc.paths[path]?.[method]
      expect(operation?.summary, `${method} ${path}`).toBeTruthy()
      expect(operation.security, `${method} ${path}`).toEqual(
        signedIn ? [{ bearerAuth: [] }] : undefined,
      )
    }
  })
})
