import { and, count, eq, isNull } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { addMonths } from "../../../../src/domain/dates.ts"
import { subscriptions, webhookDeliveries } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import type { TestAccount, TestApp, TestCreator } from "../../../test/test-app.ts"
import { auditOf, billing, paymentsOf, subscriptionOf } from "../../../test/billing-test-kit.ts"
import { mpSecret, startLiveBilling, type LiveBilling } from "../../../test/live-gateways.ts"

let live: LiveBilling
let t: TestApp
let iuguCreator: TestCreator
let mpCreator: TestCreator

beforeAll(async () => {
  live = await startLiveBilling()
  t = live.t
  iuguCreator = await live.sellingCreator("iugu")
  mpCreator = await live.sellingCreator("mercadoPago")
})
afterAll(() => live?.close())
beforeEach(() => live.forgetGatewayRequests())

const mailsTo = (buyer: TestAccount) => t.mailer.sent.filter((mail) => mail.to === buyer.email)
const paidRows = async (subscriptionId: string) =>
  (await auditOf(t, subscriptionId)).filter((row) => row.toStatus === "paid")

describe("the same notification many times at once", () => {
  it("a Mercado Pago payment notified 50 times concurrently: one period, one audit row each, one e-mail", async () => {
    const { buyer, subscription, mpPaymentId } = await live.buyMercadoPagoPix(mpCreator)
    await live.mp.setPaymentStatus(mpPaymentId, "approved")
    const hook = live.mp.notification(mpPaymentId, mpSecret)
    const answers = await Promise.all(Array.from({ length: 50 }, () => live.postMercadoPago(hook)))
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200))
    // A delivery whose re-fetch could not finish is answered 200 and retried by the job.
    const unprocessed = () =>
      t.db.$count(
        webhookDeliveries,
        and(eq(webhookDeliveries.resourceId, mpPaymentId), isNull(webhookDeliveries.processedAt)),
      )
    for (let run = 0; run < 3 && (await unprocessed()) > 0; run++)
      await billing(t).maintenance.reconcile()
    expect(await unprocessed()).toBe(0)

    const paid = await subscriptionOf(t, mpCreator.username, buyer.token)
    expect(paid).toMatchObject({ status: "paid", payment: { status: "paid" } })
    expect(paid!.currentPeriodEnd).toBe(addMonths(live.clock.now(), 1).toISOString())
    expect(await paymentsOf(t, subscription.id)).toHaveLength(1)
    const rows = await paidRows(subscription.id)
    expect(rows.map((row) => [row.entity, row.actor])).toEqual([
      ["payment", "webhook:mercadoPago"],
      ["subscription", "webhook:mercadoPago"],
    ])
    expect(mailsTo(buyer).map((mail) => mail.subject)).toEqual(["Pagamento aprovado"])
    expect(
      await t.db.$count(webhookDeliveries, eq(webhookDeliveries.resourceId, mpPaymentId)),
    ).toBe(50)
    expect(await live.canSeeStories(mpCreator.username, buyer.token)).toBe(true)
  })
})

describe("iugu notifications out of order", () => {
  it("refunded (or charged back) delivered before paid: access is never given", async () => {
    for (const last of ["refunded", "chargeback"] as const) {
      const { buyer, subscription, invoiceId } = await live.buyIuguPix(iuguCreator)
      await live.iugu.setInvoiceStatus(invoiceId, "paid")
      await live.iugu.setInvoiceStatus(invoiceId, last)
      expect((await live.postIugu(live.invoiceHook(invoiceId, last))).statusCode).toBe(200)
      expect((await live.postIugu(live.invoiceHook(invoiceId, "paid"))).statusCode).toBe(200)
      const after = await subscriptionOf(t, iuguCreator.username, buyer.token)
      expect(after!.payment?.status).toBe(last === "refunded" ? "refunded" : "chargedback")
      expect(after!.currentPeriodEnd).toBeNull()
      expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(false)
      expect(await paidRows(subscription.id)).toEqual([])
      expect(mailsTo(buyer)).toEqual([])
    }
  })

  it("canceled delivered before paid, then a refund: access while paid, none after, whatever comes late", async () => {
    const { buyer, subscription, invoiceId } = await live.buyIuguPix(iuguCreator)
    // The buyer paid; the notifications of an earlier cancel attempt and of the payment cross.
    await live.iugu.setInvoiceStatus(invoiceId, "paid")
    await Promise.all([
      live.postIugu(live.invoiceHook(invoiceId, "canceled")),
      live.postIugu(live.invoiceHook(invoiceId, "paid")),
    ])
    expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(true)

    await live.iugu.setInvoiceStatus(invoiceId, "refunded")
    await Promise.all(
      ["paid", "refunded", "canceled", "paid"].map((status) =>
        live.postIugu(live.invoiceHook(invoiceId, status)),
      ),
    )
    const after = await subscriptionOf(t, iuguCreator.username, buyer.token)
    expect(after).toMatchObject({ status: "canceled", payment: { status: "refunded" } })
    expect(after!.refundedDate).toBeTruthy()
    expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(false)
    // A stale "paid" afterwards changes nothing.
    await live.postIugu(live.invoiceHook(invoiceId, "paid"))
    expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(false)
    expect(
      (await paidRows(subscription.id)).filter((row) => row.entity === "payment"),
    ).toHaveLength(1)
  })
})

describe("concurrent checkouts", () => {
  it("two card checkouts of one buyer for one creator (iugu) make one charge", async () => {
    const buyer = await t.createAccount()
    const tokens = [await live.cardToken(), await live.cardToken("5555555555554444")]
    const answers = await Promise.all(
      tokens.map((creditCardToken) =>
        t.inject({
          method: "POST",
          url: `/v1/${iuguCreator.username}/iugu/subscription/credit-card`,
          token: buyer.token,
          payload: { planName: "MONTHLY", creditCardToken, accountName: "ANA SOUZA" },
        }),
      ),
    )
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode)
    expect(answers.some((res) => res.statusCode === 200)).toBe(true)
    expect(live.iuguFake.requests.filter((r) => r.path === "/v1/charge")).toHaveLength(1)
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, buyer.id))
    const payments = await paymentsOf(t, row!.id)
    expect(payments.map((payment) => payment.status)).toEqual(["paid"])
    expect(row!.currentPeriodEnd?.toISOString()).toBe(addMonths(live.clock.now(), 1).toISOString())
    expect(mailsTo(buyer).filter((mail) => mail.subject === "Pagamento aprovado")).toHaveLength(1)
  })

  it("a card submitted again right after it was paid is not charged again, even with no renewal scheduled", async () => {
    const buyer = await t.createAccount()
    const pay = async (planName: string) =>
      t.inject({
        method: "POST",
        url: `/v1/${iuguCreator.username}/iugu/subscription/credit-card`,
        token: buyer.token,
        payload: { planName, creditCardToken: await live.cardToken(), accountName: "ANA SOUZA" },
      })
    // The renewal cannot be scheduled (iugu's answer creating the plan is lost), so nothing
    // marks the subscription as renewing by card yet.
    live.iuguFake.loseNextAnswer("/v1/plans")
    const first = await pay("QUARTERLY")
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().subscription).toMatchObject({ status: "paid" })
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, buyer.id))
    expect(row!.gatewaySubscriptionId).toBeNull()

    const again = await pay("QUARTERLY")
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().subscription.payment.id).toBe(first.json().subscription.payment.id)
    const otherPlan = await pay("MONTHLY")
    expect(otherPlan.statusCode).toBe(409)
    expect(otherPlan.json()).toMatchObject({ code: "already_subscribed" })
    expect(live.iuguFake.requests.filter((r) => r.path === "/v1/charge")).toHaveLength(1)
    expect(await paymentsOf(t, row!.id)).toHaveLength(1)
  })

  it("two checkouts of a brand-new buyer create one account and one pending subscription", async () => {
    const email = "compradora.nova.concorrente@exemplo.com.br"
    const answers = await Promise.all(
      [0, 1].map(() =>
        t.inject({
          method: "POST",
          url: `/v1/${iuguCreator.username}/iugu/subscription/pix`,
          payload: { email, planName: "MONTHLY", token: captchaTokens.valid },
        }),
      ),
    )
    const codes = answers.map((res) => res.statusCode).sort()
    expect(codes).toEqual([200, 409])
    const refused = answers.find((res) => res.statusCode === 409)!
    expect(refused.json()).toMatchObject({ code: "email_taken", field: "email" })
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, email))
    expect(await t.db.$count(accounts, eq(accounts.email, email))).toBe(1)
    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, account!.id))
    expect(rows.map((row) => row.status)).toEqual(["pending"])
    expect(await paymentsOf(t, rows[0]!.id)).toHaveLength(1)
    expect(live.iuguFake.requests.filter((r) => r.path === "/v1/invoices")).toHaveLength(1)
  })

  it("Mercado Pago: concurrent Pix checkouts make one payment there, concurrent card checkouts one preapproval", async () => {
    const buyer = await t.createAccount()
    const post = (kind: "pix" | "card") =>
      t.inject({
        method: "POST",
        url: `/v1/${mpCreator.username}/mp/subscription/${kind}`,
        token: buyer.token,
        payload: { planName: "MONTHLY" },
      })
    const pix = await Promise.all([post("pix"), post("pix"), post("pix")])
    for (const res of pix) expect(res.statusCode, res.body).toBe(200)
    expect(new Set(pix.map((res) => res.json().payment.id)).size).toBe(1)
    expect(
      live.mpFake.requests.filter((r) => r.method === "POST" && r.path === "/v1/payments"),
    ).toHaveLength(1)

    const other = await t.createAccount()
    const card = await Promise.all(
      [0, 1, 2].map(() =>
        t.inject({
          method: "POST",
          url: `/v1/${mpCreator.username}/mp/subscription/card`,
          token: other.token,
          payload: { planName: "MONTHLY" },
        }),
      ),
    )
    for (const res of card) expect(res.statusCode, res.body).toBe(200)
    expect(new Set(card.map((res) => res.json().url)).size).toBe(1)
    expect(live.mpFake.requests.filter((r) => r.path === "/preapproval")).toHaveLength(1)
    const [counted] = await t.db
      .select({ n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.accountId, other.id))
    expect(counted!.n).toBe(1)
  })
})
