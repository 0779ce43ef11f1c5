import { create } from "qrcode"
import { count, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SavedCardSchema, StorySchema } from "../../../../src/domain/models.ts"
import { parsePixCode } from "../../../../src/domain/pix.ts"
import { payments, sandboxObjects, subscriptions } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"
import {
  auditOf,
  checkout,
  minute,
  paymentsOf,
  subscriptionOf,
} from "../../../test/billing-test-kit.ts"

let t: TestApp
let creator: TestCreator
let pixUrl: string
let cardUrl: string

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu", fullName: "Duda Demo" })
  pixUrl = `/v1/${creator.username}/iugu/subscription/pix`
  cardUrl = `/v1/${creator.username}/iugu/subscription/credit-card`
  await t.createStory(creator.profileId)
})
afterAll(() => t.close())

const subscriptionCount = async () => (await t.db.select({ n: count() }).from(subscriptions))[0]!.n
const accountExists = async (email: string) =>
  (await t.db.$count(accounts, eq(accounts.email, email))) > 0

async function cardToken(number = "4111111111111111") {
  const res = await t.inject({
    method: "POST",
    url: "/v1/sandbox/iugu/payment_token",
    payload: {
      account_id: "sandbox",
      method: "credit_card",
      test: true,
      data: {
        number,
        verification_value: "123",
        first_name: "Ana",
        last_name: "Assinante",
        month: "12",
        year: String(t.clock.now().getUTCFullYear() + 2),
      },
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().id as string
}

const cardPayload = async (number?: string) => ({
  planName: "MONTHLY",
  creditCardToken: await cardToken(number),
  accountName: "ANA ASSINANTE",
  accountDocument: "111.444.777-35",
  cardHolderName: "ANA ASSINANTE",
  cardBin: "411111",
  cardEnd: "1111",
})

describe("POST /{username}/iugu/subscription/pix", () => {
  it("creates the buyer, signs them in and answers a valid 30-minute Pix code", async () => {
    const email = "nova.compradora@exemplo.com.br"
    const answer = await checkout(t, pixUrl, {
      email,
      planName: "monthly",
      token: captchaTokens.valid,
    })
    expect(answer.auth?.accessToken).toBeTruthy()
    expect(answer.auth?.password).toMatch(/.{8,}/)
    const payment = answer.subscription.payment!
    expect(answer.subscription).toMatchObject({ status: "pending", to: creator.username })
    expect(payment).toMatchObject({
      status: "pending",
      paymentMethod: "pix",
      paymentGateway: "iugu",
      amountCents: 2990 + 199,
    })
    const parsed = parsePixCode(payment.pixCode!)
    expect(parsed).toMatchObject({ amountCents: 3189, singleUse: true })
    expect(parsed.url).toMatch(/^pix\.sandbox\.closer\.app\.br\/qr\/v2\//)
    expect(new Date(payment.expiresAt!).getTime() - new Date(payment.createdAt).getTime()).toBe(
      30 * minute,
    )
    const audit = await auditOf(t, answer.subscription.id)
    expect(audit.map((row) => [row.entity, row.toStatus, row.actor])).toContainEqual([
      "payment",
      "pending",
      `account:${answer.subscription.from}`,
    ])
    const again = await subscriptionOf(t, creator.username, answer.auth!.accessToken)
    expect(again?.payment?.id).toBe(payment.id)
    // The QR's mask comes with the Pix page's read, not with the checkout a launch waits on.
    expect(payment.pixQrMask).toBeUndefined()
    expect(again?.payment?.pixQrMask).toBe(
      create(payment.pixCode!, { errorCorrectionLevel: "M" }).maskPattern,
    )
    expect(await t.login(email, answer.auth!.password!)).toBeTruthy()
    const qr = await t.inject({ url: payment.pixUrl!.replace("http://localhost:3000", "") })
    expect(qr.headers["content-type"]).toBe("image/png")
  })

  it("refuses a new buyer that fails the bot check, and writes nothing", async () => {
    const before = await subscriptionCount()
    const res = await t.inject({
      method: "POST",
      url: pixUrl,
      payload: { email: "robo@exemplo.com.br", planName: "MONTHLY", token: captchaTokens.lowScore },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe("captcha_failed")
    expect(await accountExists("robo@exemplo.com.br")).toBe(false)
    expect(await subscriptionCount()).toBe(before)
  })

  it("asks an existing e-mail to sign in instead of buying for it", async () => {
    const someone = await t.createAccount()
    const before = await subscriptionCount()
    const res = await t.inject({
      method: "POST",
      url: pixUrl,
      payload: { email: someone.email, planName: "MONTHLY", token: captchaTokens.valid },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: "email_taken",
      message: "Este e-mail já está cadastrado. Faça login para continuar.",
    })
    expect(await subscriptionCount()).toBe(before)
  })

  it("says an e-mail is taken only past the bot check, counting it in the address's sign-up budget", async () => {
    const someone = await t.createAccount()
    const address = "203.0.113.90"
    const buy = (email: string, token: string) =>
      t.inject({
        method: "POST",
        url: pixUrl,
        remoteAddress: address,
        payload: { email, planName: "MONTHLY", token },
      })
    const bot = await buy(someone.email, captchaTokens.lowScore)
    expect(bot.statusCode).toBe(400)
    expect(bot.json().code).toBe("captcha_failed")
    for (let i = 0; i < 20; i++)
      expect((await buy(someone.email, captchaTokens.valid)).statusCode).toBe(409)
    const spent = await buy("nova.depois@exemplo.com.br", captchaTokens.valid)
    expect(spent.statusCode).toBe(429)
    expect(await accountExists("nova.depois@exemplo.com.br")).toBe(false)
  })

  it("answers the open payment again instead of charging twice, and a new one after 30 minutes", async () => {
    const buyer = await t.createAccount()
    const body = { planName: "MONTHLY" }
    const first = await checkout(t, pixUrl, body, { token: buyer.token })
    const second = await checkout(t, pixUrl, body, { token: buyer.token })
    expect(second.auth).toBeUndefined()
    expect(second.subscription.payment!.id).toBe(first.subscription.payment!.id)
    expect(await paymentsOf(t, first.subscription.id)).toHaveLength(1)

    t.clock.advance(31 * minute)
    const third = await checkout(t, pixUrl, body, { token: buyer.token })
    expect(third.subscription.payment!.id).not.toBe(first.subscription.payment!.id)
    const rows = await paymentsOf(t, first.subscription.id)
    expect(rows.map((row) => row.status).sort()).toEqual(["canceled", "pending"])
  })

  it("two concurrent checkouts of one buyer make one pending subscription and one charge", async () => {
    const buyer = await t.createAccount()
    const invoicesBefore = await t.db.$count(sandboxObjects, eq(sandboxObjects.kind, "invoice"))
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        t.inject({
          method: "POST",
          url: pixUrl,
          payload: { planName: "QUARTERLY" },
          token: buyer.token,
        }),
      ),
    )
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const ids = new Set(answers.map((res) => res.json().subscription.payment.id))
    expect(ids.size).toBe(1)
    const subscriptionId = answers[0]!.json().subscription.id
    expect(await paymentsOf(t, subscriptionId)).toHaveLength(1)
    expect(await t.db.$count(subscriptions, eq(subscriptions.accountId, buyer.id))).toBe(1)
    expect(await t.db.$count(sandboxObjects, eq(sandboxObjects.kind, "invoice"))).toBe(
      invoicesBefore + 1,
    )
  })

  it("refuses another method while a payment is still being created (two tabs)", async () => {
    const buyer = await t.createAccount()
    const first = await checkout(t, pixUrl, { planName: "MONTHLY" }, { token: buyer.token })
    // As if the gateway were still answering a card charge started a moment ago.
    const [row] = await paymentsOf(t, first.subscription.id)
    await t.db
      .update(payments)
      .set({
        method: "credit_card",
        providerRef: null,
        providerPaymentId: null,
        pixCode: null,
        pixUrl: null,
      })
      .where(eq(payments.id, row!.id))
    const res = await t.inject({
      method: "POST",
      url: pixUrl,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe("payment_in_progress")
    expect(await paymentsOf(t, first.subscription.id)).toHaveLength(1)
  })

  it("replays the first answer to a repeated Idempotency-Key and refuses it with other data", async () => {
    const email = "idempotente@exemplo.com.br"
    const key = "checkout-key-0001"
    const body = { email, planName: "MONTHLY", token: captchaTokens.valid }
    const first = await checkout(t, pixUrl, body, { key })
    const replay = await checkout(t, pixUrl, body, { key })
    expect(replay.subscription.payment!.id).toBe(first.subscription.payment!.id)
    // The temporary password is never stored to be repeated; the replay signs in again.
    expect(replay.auth?.accessToken).toBeTruthy()
    expect(replay.auth?.password).toBeUndefined()
    const other = await t.inject({
      method: "POST",
      url: pixUrl,
      payload: { ...body, planName: "SEMIANNUAL" },
      headers: { "idempotency-key": key },
    })
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe("idempotency_key_reused")
    expect(await paymentsOf(t, first.subscription.id)).toHaveLength(1)
  })

  it.each([
    [{ planName: "MONTHLY", email: "nao-e-email" }, 400, "validation_error", "Email inválido"],
    [{ email: "sem.plano@exemplo.com.br" }, 400, "validation_error", "Obrigatório"],
    [
      { planName: "ANUAL", email: "plano@exemplo.com.br" },
      404,
      "plan_not_found",
      "Plano não encontrado",
    ],
    [
      { planId: "nao-e-um-id", email: "plano@exemplo.com.br" },
      404,
      "plan_not_found",
      "Plano não encontrado",
    ],
  ])("answers %j with %i in pt-BR and writes nothing", async (payload, status, code, message) => {
    const before = await subscriptionCount()
    const res = await t.inject({
      method: "POST",
      url: pixUrl,
      payload: { token: captchaTokens.valid, ...payload },
    })
    expect(res.statusCode).toBe(status)
    expect(res.json()).toMatchObject({ code, message })
    expect(await subscriptionCount()).toBe(before)
  })

  it("refuses creators that are missing, paused, paid elsewhere, and one's own profile", async () => {
    const paused = await t.createCreator({ paymentGateway: "iugu", migrating: true })
    const mercadoPago = await t.createCreator({ paymentGateway: "mercadoPago" })
    const buyer = await t.createAccount()
    const before = await subscriptionCount()
    const cases = [
      ["/v1/ninguem-aqui/iugu/subscription/pix", buyer.token, 404, "profile_not_found"],
      [`/v1/${paused.username}/iugu/subscription/pix`, buyer.token, 409, "sales_paused"],
      [`/v1/${mercadoPago.username}/iugu/subscription/pix`, buyer.token, 409, "gateway_mismatch"],
      [pixUrl, creator.token, 409, "own_profile"],
    ] as const
    for (const [url, token, status, code] of cases) {
      const res = await t.inject({ method: "POST", url, token, payload: { planName: "MONTHLY" } })
      expect(res.statusCode, url).toBe(status)
      expect(res.json().code).toBe(code)
    }
    const pausedRes = await t.inject({
      method: "POST",
      url: `/v1/${paused.username}/iugu/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(pausedRes.json().message).toBe("As vendas estão pausadas")
    expect(await subscriptionCount()).toBe(before)
  })
})

describe("POST /{username}/iugu/subscription/credit-card", () => {
  it("charges an approved card at once: paid, a month of access, renewal at the gateway, card saved", async () => {
    const email = "cartao@exemplo.com.br"
    const answer = await checkout(t, cardUrl, {
      email,
      token: captchaTokens.valid,
      ...(await cardPayload()),
    })
    const subscription = answer.subscription
    expect(subscription.status).toBe("paid")
    expect(subscription.payment).toMatchObject({ status: "paid", paymentMethod: "credit_card" })
    expect(subscription.currentPeriodStart).toBe(t.clock.now().toISOString())
    const end = new Date(t.clock.now())
    end.setUTCMonth(end.getUTCMonth() + 1)
    expect(subscription.currentPeriodEnd).toBe(end.toISOString())
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    expect(row).toMatchObject({ gateway: "iugu" })
    expect(row!.gatewaySubscriptionId).toBeTruthy()
    expect(t.mailer.lastTo(email)?.subject).toBe("Pagamento aprovado")

    const token = answer.auth!.accessToken
    const stories = await t.inject({ url: `/v1/u/${creator.username}/stories`, token })
    expect(stories.statusCode).toBe(200)
    StorySchema.array().parse(stories.json())

    const cards = await t.inject({ url: "/v1/iugu/cards", token })
    expect(cards.statusCode).toBe(200)
    const [card] = SavedCardSchema.array().parse(cards.json())
    expect(card).toMatchObject({ displayNumber: "XXXX-XXXX-XXXX-1111" })

    // The saved card pays another creator without typing it again.
    const other = await t.createCreator({ paymentGateway: "iugu" })
    const second = await checkout(
      t,
      `/v1/${other.username}/iugu/subscription/credit-card`,
      { planName: "QUARTERLY", paymentMethodId: card!.id },
      { token },
    )
    expect(second.subscription).toMatchObject({ status: "paid", plan: { name: "QUARTERLY" } })
  })

  it("a declined card answers the issuer's message; a new buyer's account is not kept", async () => {
    const email = "recusado@exemplo.com.br"
    const res = await t.inject({
      method: "POST",
      url: cardUrl,
      payload: { email, token: captchaTokens.valid, ...(await cardPayload("4000000000000002")) },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: "payment_declined", message: "Transação negada" })
    expect(await accountExists(email)).toBe(false)

    const buyer = await t.createAccount()
    const declined = await t.inject({
      method: "POST",
      url: cardUrl,
      token: buyer.token,
      payload: await cardPayload("4000000000000002"),
    })
    expect(declined.statusCode).toBe(422)
    const subscription = await subscriptionOf(t, creator.username, buyer.token)
    expect(subscription).toMatchObject({ status: "unpaid", payment: { status: "failed" } })
    expect(subscription!.failedDate).toBe(t.clock.now().toISOString())
  })

  it("needs a card, and maps the card provider's token errors", async () => {
    const buyer = await t.createAccount()
    const none = await t.inject({
      method: "POST",
      url: cardUrl,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ field: "creditCardToken" })
    const bad = await t.inject({
      method: "POST",
      url: "/v1/sandbox/iugu/payment_token",
      payload: {
        account_id: "sandbox",
        method: "credit_card",
        data: {
          number: "4111111111111112",
          verification_value: "123",
          first_name: "Ana",
          last_name: "A",
          month: "12",
          year: "2030",
        },
      },
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({
      message: "Número do cartão inválido",
      errors: { number: expect.any(Array) },
    })
    expect(await subscriptionOf(t, creator.username, buyer.token)).toBeNull()
  })
})
