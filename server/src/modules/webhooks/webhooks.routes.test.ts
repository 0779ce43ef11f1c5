import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  billingAudit,
  payments,
  subscriptions,
  webhookDeliveries,
} from "../../db/schema-billing.ts"
import type { TestApp, TestCreator } from "../../../test/test-app.ts"
import {
  auditOf,
  billing,
  captureLogs,
  checkout,
  paymentsOf,
  subscriptionOf,
} from "../../../test/billing-test-kit.ts"
import {
  iuguWebhookToken,
  metricsToken,
  mpSecret,
  mpToken,
  startLiveBilling,
  type LiveBilling,
} from "../../../test/live-gateways.ts"

const logs = captureLogs()
let live: LiveBilling
let t: TestApp
let iuguCreator: TestCreator
let mpCreator: TestCreator

beforeAll(async () => {
  live = await startLiveBilling({ logger: logs.logger })
  t = live.t
  iuguCreator = await t.createCreator({ paymentGateway: "iugu" })
  mpCreator = await t.createCreator({ paymentGateway: "mercadoPago" })
  await t.createStory(iuguCreator.profileId)
  await t.createStory(mpCreator.profileId)
})
afterAll(() => live?.close())

const postIugu = (form: Record<string, string>, authorization?: string | null) =>
  live.postIugu(form, authorization === undefined ? iuguWebhookToken : authorization)
const invoiceHook = (invoiceId: string, status?: string) => live.invoiceHook(invoiceId, status)
const postMercadoPago = (hook: Parameters<LiveBilling["postMercadoPago"]>[0]) =>
  live.postMercadoPago(hook)
const buyIuguPix = () => live.buyIuguPix(iuguCreator)
const buyMercadoPagoPix = () => live.buyMercadoPagoPix(mpCreator)
const canSeeStories = (username: string, token: string) => live.canSeeStories(username, token)

describe("iugu webhooks (live adapter against a local iugu)", () => {
  it("a paid invoice delivered 1, 2 or 50 times pays once: one period, one audit row, one e-mail", async () => {
    const { buyer, subscription, invoiceId } = await buyIuguPix()
    await live.iugu.setInvoiceStatus(invoiceId, "paid")
    expect((await postIugu(invoiceHook(invoiceId))).statusCode).toBe(200)
    const paid = await subscriptionOf(t, iuguCreator.username, buyer.token)
    expect(paid).toMatchObject({ status: "paid", payment: { status: "paid" } })
    const end = new Date(live.clock.now())
    end.setUTCMonth(end.getUTCMonth() + 1)
    expect(paid!.currentPeriodEnd).toBe(end.toISOString())
    expect(await canSeeStories(iuguCreator.username, buyer.token)).toBe(true)

    expect((await postIugu(invoiceHook(invoiceId))).statusCode).toBe(200)
    const burst = await Promise.all(
      Array.from({ length: 48 }, () => postIugu(invoiceHook(invoiceId))),
    )
    expect(burst.every((res) => res.statusCode === 200)).toBe(true)

    const after = await subscriptionOf(t, iuguCreator.username, buyer.token)
    expect(after!.currentPeriodEnd).toBe(end.toISOString())
    expect(await paymentsOf(t, subscription.id)).toHaveLength(1)
    const audit = await auditOf(t, subscription.id)
    expect(audit.filter((row) => row.entity === "payment" && row.toStatus === "paid")).toHaveLength(
      1,
    )
    expect(audit.find((row) => row.toStatus === "paid")?.actor).toBe("webhook:iugu")
    expect(t.mailer.sent.filter((mail) => mail.to === buyer.email)).toHaveLength(1)
    expect(await t.db.$count(webhookDeliveries, eq(webhookDeliveries.resourceId, invoiceId))).toBe(
      50,
    )
  })

  it("trusts iugu's invoice, not the notification body", async () => {
    const { buyer, invoiceId } = await buyIuguPix()
    expect((await postIugu(invoiceHook(invoiceId, "paid"))).statusCode).toBe(200)
    const still = await subscriptionOf(t, iuguCreator.username, buyer.token)
    expect(still).toMatchObject({ status: "pending", payment: { status: "pending" } })
  })

  it("refuses a forged notification: 401, nothing changes, and it is logged", async () => {
    const { buyer, subscription, invoiceId } = await buyIuguPix()
    await live.iugu.setInvoiceStatus(invoiceId, "paid")
    const auditBefore = (await auditOf(t, subscription.id)).length
    for (const authorization of ["valor-errado", null, `${iuguWebhookToken}x`]) {
      const res = await postIugu(invoiceHook(invoiceId), authorization)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: "webhook_unauthorized" })
    }
    expect(await subscriptionOf(t, iuguCreator.username, buyer.token)).toMatchObject({
      status: "pending",
    })
    expect((await auditOf(t, subscription.id)).length).toBe(auditBefore)
    const refused = logs.lines.filter(
      (line) => line.msg === "notificação de pagamento recusada" && line.provider === "iugu",
    )
    expect(refused.length).toBeGreaterThanOrEqual(3)
    expect(refused[0]).toMatchObject({ reason: "authorization", level: 40 })
  })

  it("renews a card subscription when iugu charges it, from the end of the paid period", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      `/v1/${iuguCreator.username}/iugu/subscription/credit-card`,
      {
        planName: "QUARTERLY",
        creditCardToken: await live.cardToken(),
        accountName: "ANA SOUZA",
        accountDocument: "11144477735",
      },
      { token: buyer.token },
    )
    expect(answer.subscription.status).toBe("paid")
    const firstEnd = new Date(answer.subscription.currentPeriodEnd!)

    live.clock.set(new Date(firstEnd.getTime() + 60 * 60_000))
    // Months later: a session of today.
    buyer.token = await t.tokenFor(buyer.id)
    expect(await canSeeStories(iuguCreator.username, buyer.token)).toBe(false)
    const [invoice] = await live.iugu.renewDue()
    expect(invoice?.status).toBe("paid")
    for (let i = 0; i < 2; i++)
      expect((await postIugu(invoiceHook(invoice!.id))).statusCode).toBe(200)

    const renewed = await subscriptionOf(t, iuguCreator.username, buyer.token)
    const expectedEnd = new Date(live.clock.now())
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 3)
    expect(renewed).toMatchObject({
      status: "paid",
      payment: { status: "paid", paymentMethod: "credit_card" },
    })
    expect(new Date(renewed!.currentPeriodEnd!).getTime()).toBe(expectedEnd.getTime())
    expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(2)
    expect(await canSeeStories(iuguCreator.username, buyer.token)).toBe(true)
  })

  it("a renewal from a card subscription whose creation answer was lost is still this buyer's, and is adopted", async () => {
    const buyer = await t.createAccount()
    live.iuguFake.loseNextAnswer("/v1/subscriptions")
    const answer = await checkout(
      t,
      `/v1/${iuguCreator.username}/iugu/subscription/credit-card`,
      { planName: "MONTHLY", creditCardToken: await live.cardToken(), accountName: "ANA SOUZA" },
      { token: buyer.token },
    )
    expect(answer.subscription.status).toBe("paid")
    const stored = async () =>
      (
        await t.db.select().from(subscriptions).where(eq(subscriptions.id, answer.subscription.id))
      )[0]!
    expect((await stored()).gatewaySubscriptionId).toBeNull()

    // iugu made the subscription anyway and charges the card when the period ends.
    live.clock.set(new Date(answer.subscription.currentPeriodEnd!))
    const renewals = await live.iugu.renewDue()
    const renewal = renewals.find((invoice) =>
      invoice.custom_variables.some((v) => v.value === answer.subscription.id),
    )!
    expect((await postIugu(invoiceHook(renewal.id))).statusCode).toBe(200)
    buyer.token = await t.tokenFor(buyer.id)
    const renewed = await subscriptionOf(t, iuguCreator.username, buyer.token)
    expect(new Date(renewed!.currentPeriodEnd!).getTime()).toBeGreaterThan(
      new Date(answer.subscription.currentPeriodEnd!).getTime(),
    )
    expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(2)
    expect(await stored()).toMatchObject({
      gateway: "iugu",
      gatewaySubscriptionId: renewal.subscription_id,
    })
    // Now a cancel stops it there.
    await t.inject({
      method: "POST",
      url: `/v1/subscription/${answer.subscription.id}/cancel`,
      token: buyer.token,
    })
    const res = await fetch(`${live.iuguFake.url}/v1/subscriptions/${renewal.subscription_id}`, {
      headers: { authorization: `Basic ${Buffer.from("iugu-api-token:").toString("base64")}` },
    })
    expect(await res.json()).toMatchObject({ suspended: true })
  })

  it("answers 200 when iugu cannot be reached and applies the notification on the next reconciliation", async () => {
    const { buyer, invoiceId } = await buyIuguPix()
    await live.iugu.setInvoiceStatus(invoiceId, "paid")
    live.iuguFake.failNext(503)
    expect((await postIugu(invoiceHook(invoiceId))).statusCode).toBe(200)
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.resourceId, invoiceId))
    expect(delivery).toMatchObject({ processedAt: null, attempts: 1 })
    expect(delivery!.lastError).toMatch(/503/)
    expect((await subscriptionOf(t, iuguCreator.username, buyer.token))?.status).toBe("pending")

    await billing(t).maintenance.reconcile()
    expect((await subscriptionOf(t, iuguCreator.username, buyer.token))?.status).toBe("paid")
  })
})

describe("Mercado Pago webhooks (live adapter against a local Mercado Pago)", () => {
  it("applies a signed notification once however often it comes", async () => {
    const { buyer, subscription, mpPaymentId } = await buyMercadoPagoPix()
    await live.mp.setPaymentStatus(mpPaymentId, "approved")
    for (let i = 0; i < 3; i++) {
      const res = await postMercadoPago(live.mp.notification(mpPaymentId, mpSecret))
      expect(res.statusCode, res.body).toBe(200)
    }
    expect(await subscriptionOf(t, mpCreator.username, buyer.token)).toMatchObject({
      status: "paid",
      payment: { status: "paid", paymentGateway: "mercadoPago" },
    })
    const audit = await auditOf(t, subscription.id)
    expect(audit.filter((row) => row.toStatus === "paid" && row.entity === "payment")).toHaveLength(
      1,
    )
  })

  it("refuses a bad or stale signature, logs it and changes nothing", async () => {
    const { buyer, mpPaymentId } = await buyMercadoPagoPix()
    await live.mp.setPaymentStatus(mpPaymentId, "approved")
    const forged = live.mp.notification(mpPaymentId, "segredo-de-outra-pessoa")
    expect((await postMercadoPago(forged)).statusCode).toBe(401)
    const good = live.mp.notification(mpPaymentId, mpSecret)
    const otherId = { ...good, query: good.query.replace(mpPaymentId, "1") }
    expect((await postMercadoPago(otherId)).statusCode).toBe(401)
    const unsigned = { ...good, headers: { "content-type": "application/json" } }
    expect((await postMercadoPago(unsigned)).statusCode).toBe(401)
    live.clock.advance(11 * 60_000)
    expect((await postMercadoPago(good)).statusCode).toBe(401)
    expect((await subscriptionOf(t, mpCreator.username, buyer.token))?.status).toBe("pending")
    const refused = logs.lines.filter(
      (line) => line.msg === "notificação de pagamento recusada" && line.provider === "mercadoPago",
    )
    expect(refused.map((line) => line.reason)).toEqual(
      expect.arrayContaining(["mismatch", "missing", "stale"]),
    )
  })

  it("ends in the gateway's current state whatever order the notifications arrive in", async () => {
    // Paid then refunded, notified in reverse: access is never given.
    const first = await buyMercadoPagoPix()
    await live.mp.setPaymentStatus(first.mpPaymentId, "approved")
    const approvedHook = live.mp.notification(first.mpPaymentId, mpSecret)
    await live.mp.setPaymentStatus(first.mpPaymentId, "refunded")
    const refundedHook = live.mp.notification(first.mpPaymentId, mpSecret)
    expect((await postMercadoPago(refundedHook)).statusCode).toBe(200)
    expect((await postMercadoPago(approvedHook)).statusCode).toBe(200)
    const never = await subscriptionOf(t, mpCreator.username, first.buyer.token)
    expect(never).toMatchObject({ payment: { status: "refunded" } })
    expect(never!.currentPeriodEnd).toBeNull()
    expect(await canSeeStories(mpCreator.username, first.buyer.token)).toBe(false)

    // Paid, notified, then refunded: the access it bought ends.
    const second = await buyMercadoPagoPix()
    await live.mp.setPaymentStatus(second.mpPaymentId, "approved")
    const paidHook = live.mp.notification(second.mpPaymentId, mpSecret)
    await postMercadoPago(paidHook)
    expect(await canSeeStories(mpCreator.username, second.buyer.token)).toBe(true)
    await live.mp.setPaymentStatus(second.mpPaymentId, "refunded")
    await postMercadoPago(live.mp.notification(second.mpPaymentId, mpSecret))
    await postMercadoPago(paidHook)
    const refunded = await subscriptionOf(t, mpCreator.username, second.buyer.token)
    expect(refunded).toMatchObject({ status: "canceled", payment: { status: "refunded" } })
    expect(refunded!.refundedDate).toBeTruthy()
    expect(await canSeeStories(mpCreator.username, second.buyer.token)).toBe(false)
  })

  it("card by preapproval: paid on Mercado Pago's page, renewed there, cancelled there", async () => {
    const buyer = await t.createAccount()
    const res = await t.inject({
      method: "POST",
      url: `/v1/${mpCreator.username}/mp/subscription/card`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    expect(res.statusCode, res.body).toBe(200)
    const { url, subscription } = res.json()
    expect(url).toContain(`/${mpCreator.username}/payment/status`)
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    const preapprovalId = row!.gatewaySubscriptionId!
    expect(row!.gateway).toBe("mercadoPago")

    const paid = (await live.mp.payCheckout({ kind: "preapproval", id: preapprovalId }, true))!
    await postMercadoPago(live.mp.notification(paid.id, mpSecret))
    const active = await subscriptionOf(t, mpCreator.username, buyer.token)
    expect(active).toMatchObject({
      status: "paid",
      payment: { status: "paid", paymentMethod: "credit_card" },
    })
    expect(await paymentsOf(t, subscription.id)).toHaveLength(1)

    live.clock.set(new Date(active!.currentPeriodEnd!))
    buyer.token = await t.tokenFor(buyer.id)
    const [renewal] = await live.mp.renewDue()
    await postMercadoPago(live.mp.notification(renewal!.id, mpSecret))
    const renewed = await subscriptionOf(t, mpCreator.username, buyer.token)
    expect(new Date(renewed!.currentPeriodEnd!).getTime()).toBeGreaterThan(
      new Date(active!.currentPeriodEnd!).getTime(),
    )
    expect(await paymentsOf(t, subscription.id)).toHaveLength(2)

    // Cancelled on Mercado Pago's side: we stop too, and access lasts until the period end.
    await fetch(`${live.mpFake.url}/preapproval/${preapprovalId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${mpToken}`, "content-type": "application/json" },
      body: JSON.stringify({ status: "cancelled" }),
    })
    await postMercadoPago(live.mp.notification(preapprovalId, mpSecret, "subscription_preapproval"))
    const cancelled = await subscriptionOf(t, mpCreator.username, buyer.token)
    expect(cancelled).toMatchObject({
      status: "canceled",
      canceledDate: live.clock.now().toISOString(),
    })
    expect(await canSeeStories(mpCreator.username, buyer.token)).toBe(true)
    live.clock.set(new Date(new Date(cancelled!.currentPeriodEnd!).getTime() + 1))
    buyer.token = await t.tokenFor(buyer.id)
    expect(await canSeeStories(mpCreator.username, buyer.token)).toBe(false)
  })

  it("answers 200 to a payment nobody here knows and writes no payment", async () => {
    const payments_ = await t.db.$count(payments)
    const audit = await t.db.$count(billingAudit)
    const res = await postMercadoPago(live.mp.notification("12345678901", mpSecret))
    expect(res.statusCode).toBe(200)
    expect(await t.db.$count(payments)).toBe(payments_)
    expect(await t.db.$count(billingAudit)).toBe(audit)
    expect(logs.lines.some((line) => line.resourceId === "12345678901")).toBe(true)
  })

  it("has no sandbox controls in live mode", async () => {
    const buyer = await t.createAccount()
    for (const url of [
      "/v1/sandbox/payments/00000000-0000-4000-8000-000000000000/pay",
      "/v1/sandbox/payments/00000000-0000-4000-8000-000000000000/refuse",
      "/v1/sandbox/iugu/payment_token",
    ]) {
      const res = await t.inject({ method: "POST", url, token: buyer.token, payload: {} })
      expect(res.statusCode, url).toBe(404)
    }
    const config = await t.inject({ url: "/v1/payments/config" })
    expect(config.json()).toMatchObject({
      mode: "live",
      iugu: { accountId: "ACC", tokenUrl: null },
    })
  })
})

describe("observability of the gateway traffic", () => {
  it("carries the load balancer's request id to the gateway's calls, and makes one up for a bad one", async () => {
    // A new buyer each time, so each checkout calls the gateway.
    const buy = async (requestId: string) =>
      t.inject({
        method: "POST",
        url: `/v1/${iuguCreator.username}/iugu/subscription/pix`,
        token: (await t.createAccount()).token,
        headers: { "x-request-id": requestId },
        payload: { planName: "MONTHLY" },
      })
    const calls = live.iuguFake.requests.length
    const res = await buy("lb-2f9c6a81d4e0")
    expect(res.statusCode, res.body).toBe(200)
    const sent = live.iuguFake.requests.slice(calls)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.map((call) => call.headers["x-request-id"])).toEqual(
      sent.map(() => "lb-2f9c6a81d4e0"),
    )

    for (const forged of ["x".repeat(65), "curto", "com espaço e acento é", "a\\b/c?d=e"]) {
      const before = live.iuguFake.requests.length
      expect((await buy(forged)).statusCode).toBe(200)
      const ids = live.iuguFake.requests.slice(before).map((call) => call.headers["x-request-id"])
      expect(ids.length).toBeGreaterThan(0)
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it("counts refused deliveries by provider and reason in /v1/metrics", async () => {
    const metric = async (labels: string) => {
      const res = await t.inject({
        url: "/v1/metrics",
        headers: { authorization: `Bearer ${metricsToken}` },
      })
      expect(res.body).toContain("# TYPE closer_webhooks_refused_total counter")
      const line = res.body
        .split("\n")
        .find((l) => l.startsWith(`closer_webhooks_refused_total${labels} `))
      return Number(line?.split(" ")[1] ?? 0)
    }
    const iuguLabels = '{provider="iugu",reason="authorization"}'
    const mpLabels = '{provider="mercadoPago",reason="mismatch"}'
    const before = { iugu: await metric(iuguLabels), mp: await metric(mpLabels) }

    const { invoiceId, mpPaymentId } = { ...(await buyIuguPix()), ...(await buyMercadoPagoPix()) }
    expect((await postIugu(invoiceHook(invoiceId), "valor-errado")).statusCode).toBe(401)
    expect((await postIugu(invoiceHook(invoiceId), null)).statusCode).toBe(401)
    expect((await postIugu(invoiceHook(invoiceId))).statusCode).toBe(200)
    const forged = live.mp.notification(mpPaymentId, "segredo-de-outra-pessoa")
    expect((await postMercadoPago(forged)).statusCode).toBe(401)

    expect(await metric(iuguLabels)).toBe(before.iugu + 2)
    expect(await metric(mpLabels)).toBe(before.mp + 1)
  })
})
