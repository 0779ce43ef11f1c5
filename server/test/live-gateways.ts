import { eq } from "drizzle-orm"
import type { FastifyBaseLogger } from "fastify"
import { expect } from "vitest"
import { SubscriptionSchema } from "../../src/domain/models.ts"
import { createIuguSimulator } from "../src/adapters/gateways/iugu/iugu-simulator.ts"
import { createMercadoPagoSimulator } from "../src/adapters/gateways/mercadopago/mp-simulator.ts"
import { serveSimulator } from "../src/adapters/gateways/sandbox/simulator-http.ts"
import { createMemoryStore } from "../src/adapters/gateways/sandbox/simulator-store.ts"
import { createManualClock } from "../src/clock.ts"
import { payments } from "../src/db/schema-billing.ts"
import { createTestApp, type TestCreator } from "./test-app.ts"
import { checkout } from "./billing-test-kit.ts"

export const iuguToken = "iugu-api-token"
export const iuguWebhookToken = "iugu-webhook-authorization-value"
export const mpToken = "APP_USR-live"
export const mpSecret = "mercado-pago-webhook-secret"
export const metricsToken = "token-das-metricas-dos-webhooks"

/**
 * A test app in live payments mode whose iugu and Mercado Pago are their simulators served over
 * HTTP: the live adapters run as in production, and a test plays the gateways' side (pays a
 * page, drops an answer, sends or withholds a notification).
 */
export async function startLiveBilling(options: { logger?: FastifyBaseLogger } = {}) {
  const clock = createManualClock(new Date("2025-03-10T15:00:00.000Z"))
  const now = () => clock.now()
  const iugu = createIuguSimulator({
    store: createMemoryStore(),
    now,
    apiToken: iuguToken,
    accountId: "ACC",
    publicUrl: "https://iugu.example",
  })
  const mp = createMercadoPagoSimulator({
    store: createMemoryStore(),
    now,
    accessToken: mpToken,
    publicUrl: "https://mp.example",
  })
  const iuguFake = await serveSimulator(iugu.handle)
  const mpFake = await serveSimulator(mp.handle)
  const t = await createTestApp({
    clock,
    logger: options.logger,
    config: {
      paymentsMode: "live",
      payments: {
        iugu: {
          apiUrl: iuguFake.url,
          apiToken: iuguToken,
          accountId: "ACC",
          webhookToken: iuguWebhookToken,
        },
        mercadoPago: { apiUrl: mpFake.url, accessToken: mpToken, webhookSecret: mpSecret },
        // Generous: a busy test machine must not pass for a gateway that stopped answering.
        timeoutMs: 10_000,
      },
      metricsToken,
    },
  })

  const postIugu = (
    form: Record<string, string>,
    authorization: string | null = iuguWebhookToken,
  ) =>
    t.inject({
      method: "POST",
      url: "/v1/webhooks/iugu",
      xsrf: false,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(authorization ? { authorization } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    })

  const postMercadoPago = (hook: {
    query: string
    headers: Record<string, string>
    body: string
  }) =>
    t.inject({
      method: "POST",
      url: `/v1/webhooks/mercadopago?${hook.query}`,
      xsrf: false,
      headers: hook.headers,
      payload: hook.body,
    })

  /** Our payment row, with the gateway ids the checkout stored. */
  const paymentRow = async (paymentId: string) =>
    (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!

  async function startMercadoPagoPix(creator: TestCreator, buyer: { token: string }) {
    const res = await t.inject({
      method: "POST",
      url: `/v1/${creator.username}/mp/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(res.statusCode, res.body).toBe(200)
    const subscription = SubscriptionSchema.parse(res.json())
    const row = await paymentRow(subscription.payment!.id)
    return { subscription, mpPaymentId: row.providerPaymentId! }
  }

  return {
    t,
    clock,
    iugu,
    mp,
    iuguFake,
    mpFake,
    postIugu,
    postMercadoPago,
    paymentRow,

    invoiceHook: (invoiceId: string, status = "paid") => ({
      event: "invoice.status_changed",
      "data[id]": invoiceId,
      "data[status]": status,
    }),

    /** A single-use card token from iugu's `/v1/payment_token`, as iugu.js makes it. */
    async cardToken(number = "4111111111111111") {
      const res = await fetch(`${iuguFake.url}/v1/payment_token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          account_id: "ACC",
          method: "credit_card",
          data: {
            number,
            verification_value: "123",
            first_name: "Ana",
            last_name: "Souza",
            month: "12",
            year: "2030",
          },
        }),
      })
      return ((await res.json()) as { id: string }).id
    },

    /** A creator selling on this gateway, with a story, so a paid buyer has content to see. */
    async sellingCreator(paymentGateway: "iugu" | "mercadoPago") {
      const creator = await t.createCreator({ paymentGateway })
      await t.createStory(creator.profileId)
      return creator
    },

    /** Forgets what both gateways were asked, so a test counts only its own calls. */
    forgetGatewayRequests() {
      iuguFake.requests.length = 0
      mpFake.requests.length = 0
    },

    async buyIuguPix(creator: TestCreator) {
      const buyer = await t.createAccount()
      const answer = await checkout(
        t,
        `/v1/${creator.username}/iugu/subscription/pix`,
        { planName: "MONTHLY" },
        { token: buyer.token },
      )
      const row = await paymentRow(answer.subscription.payment!.id)
      return { buyer, subscription: answer.subscription, invoiceId: row.providerPaymentId! }
    },

    async buyMercadoPagoPix(creator: TestCreator) {
      const buyer = await t.createAccount()
      return { buyer, ...(await startMercadoPagoPix(creator, buyer)) }
    },

    /** A monthly Pix on Mercado Pago for a buyer who has an account already. */
    startMercadoPagoPix,

    /** Mercado Pago approves the Pix and notifies it, as it does. */
    async approveMercadoPagoPix(mpPaymentId: string) {
      await mp.setPaymentStatus(mpPaymentId, "approved")
      await postMercadoPago(mp.notification(mpPaymentId, mpSecret))
    },

    canSeeStories: async (username: string, token: string) =>
      (await t.inject({ url: `/v1/u/${username}/stories`, token })).statusCode === 200,

    async close() {
      await t.close()
      await iuguFake.close()
      await mpFake.close()
    },
  }
}

export type LiveBilling = Awaited<ReturnType<typeof startLiveBilling>>
