import { eq } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { SubscriptionSchema } from "../../../../src/domain/models.ts"
import { subscriptions } from "../../db/schema-billing.ts"
import type { TestAccount, TestApp, TestCreator } from "../../../test/test-app.ts"
import {
  auditOf,
  billing,
  checkout,
  day,
  minute,
  paymentsOf,
  subscriptionOf,
} from "../../../test/billing-test-kit.ts"
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

/** A Mercado Pago card or link checkout: the buyer is sent to Mercado Pago's page. */
async function redirectCheckout(kind: "card" | "link") {
  const buyer = await t.createAccount()
  const res = await t.inject({
    method: "POST",
    url: `/v1/${mpCreator.username}/mp/subscription/${kind}`,
    token: buyer.token,
    payload: { planName: "MONTHLY" },
  })
  expect(res.statusCode, res.body).toBe(200)
  const subscription = SubscriptionSchema.parse(res.json().subscription)
  const row = await live.paymentRow(subscription.payment!.id)
  expect(row).toMatchObject({ status: "pending", providerPaymentId: null })
  return { buyer, subscription, page: row.providerRef! }
}

const approvalMails = (buyer: TestAccount) =>
  t.mailer.sent.filter((mail) => mail.to === buyer.email && mail.subject === "Pagamento aprovado")

/** Mercado Pago's approved payments made for one of ours: what the buyer was charged. */
const approvedAtMercadoPago = async (paymentId: string) => {
  const res = await fetch(`${live.mpFake.url}/v1/payments/search?external_reference=${paymentId}`, {
    headers: { authorization: "Bearer APP_USR-live" },
  })
  const { results } = (await res.json()) as { results: { status: string }[] }
  return results.filter((payment) => payment.status === "approved").length
}

describe("reconciliation finds payments whose notifications were all lost", () => {
  it("a Mercado Pago link paid on its page: found by our reference, paid once, by the job", async () => {
    const { buyer, subscription, page } = await redirectCheckout("link")
    const paid = (await live.mp.payCheckout({ kind: "preference", id: page }, true))!
    // Every notification of it is lost. Too young to poll yet: its webhook may still come.
    expect((await billing(t).maintenance.reconcile()).applied).toBe(0)
    expect(live.mpFake.requests.some((r) => r.path === "/v1/payments/search")).toBe(false)

    live.clock.advance(3 * minute)
    expect((await billing(t).maintenance.reconcile()).applied).toBe(1)
    const search = live.mpFake.requests.find((r) => r.path === "/v1/payments/search")!
    expect(search.query.get("external_reference")).toBe(subscription.payment!.id)

    buyer.token = await t.tokenFor(buyer.id)
    expect(await subscriptionOf(t, mpCreator.username, buyer.token)).toMatchObject({
      status: "paid",
      payment: { status: "paid", paymentMethod: "link" },
    })
    expect(await live.canSeeStories(mpCreator.username, buyer.token)).toBe(true)
    const [row] = await paymentsOf(t, subscription.id)
    expect(row).toMatchObject({ status: "paid", providerPaymentId: String(paid.id) })
    expect(await paymentsOf(t, subscription.id)).toHaveLength(1)
    expect(await approvedAtMercadoPago(subscription.payment!.id)).toBe(1)
    const audit = await auditOf(t, subscription.id)
    expect(audit.filter((r) => r.entity === "payment" && r.toStatus === "paid")).toEqual([
      expect.objectContaining({ actor: "job:reconcile", paymentId: row!.id }),
    ])
    expect(approvalMails(buyer)).toHaveLength(1)

    // Later runs, and the notification arriving after all, change nothing.
    live.clock.advance(3 * minute)
    expect((await billing(t).maintenance.reconcile()).applied).toBe(0)
    await live.postMercadoPago(live.mp.notification(paid.id, mpSecret))
    expect(await paymentsOf(t, subscription.id)).toHaveLength(1)
    expect(approvalMails(buyer)).toHaveLength(1)
  })

  it("a Mercado Pago page refused once, then paid with that notification lost: the paid attempt is found", async () => {
    const { buyer, subscription, page } = await redirectCheckout("link")
    const refused = (await live.mp.payCheckout({ kind: "preference", id: page }, false))!
    await live.postMercadoPago(live.mp.notification(refused.id, mpSecret))
    expect((await subscriptionOf(t, mpCreator.username, buyer.token))?.payment?.status).toBe(
      "failed",
    )
    // The buyer tries another card on the same page; this notification is lost.
    await live.mp.payCheckout({ kind: "preference", id: page }, true)
    live.clock.advance(3 * minute)
    await billing(t).maintenance.reconcile()
    buyer.token = await t.tokenFor(buyer.id)
    expect(await subscriptionOf(t, mpCreator.username, buyer.token)).toMatchObject({
      status: "paid",
      payment: { status: "paid" },
    })
    expect(await live.canSeeStories(mpCreator.username, buyer.token)).toBe(true)
    const rows = await paymentsOf(t, subscription.id)
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "paid"])
    expect(await approvedAtMercadoPago(subscription.payment!.id)).toBe(1)
  })

  it("a Mercado Pago card subscription authorised on its page: paid by the job, and it still renews", async () => {
    const { buyer, subscription, page } = await redirectCheckout("card")
    const paid = (await live.mp.payCheckout({ kind: "preapproval", id: page }, true))!
    live.clock.advance(3 * minute)
    expect((await billing(t).maintenance.reconcile()).applied).toBe(1)

    buyer.token = await t.tokenFor(buyer.id)
    const active = await subscriptionOf(t, mpCreator.username, buyer.token)
    expect(active).toMatchObject({
      status: "paid",
      payment: { status: "paid", paymentMethod: "credit_card" },
    })
    expect(await live.canSeeStories(mpCreator.username, buyer.token)).toBe(true)
    const [row] = await paymentsOf(t, subscription.id)
    expect(row).toMatchObject({ providerPaymentId: String(paid.id), providerRef: page })
    const audit = await auditOf(t, subscription.id)
    expect(audit.find((r) => r.entity === "payment" && r.toStatus === "paid")?.actor).toBe(
      "job:reconcile",
    )
    expect(approvalMails(buyer)).toHaveLength(1)
    const [stored] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    expect(stored).toMatchObject({ gateway: "mercadoPago", gatewaySubscriptionId: page })

    // The next charge of the preapproval is matched to this subscription as a renewal.
    live.clock.set(new Date(active!.currentPeriodEnd!))
    const [renewal] = await live.mp.renewDue()
    await live.postMercadoPago(live.mp.notification(renewal!.id, mpSecret))
    expect(await paymentsOf(t, subscription.id)).toHaveLength(2)
  })

  it("an iugu card charge whose answer timed out: no second charge meanwhile, then paid by the job", async () => {
    const buyer = await t.createAccount()
    const charge = (token: string) =>
      t.inject({
        method: "POST",
        url: `/v1/${iuguCreator.username}/iugu/subscription/credit-card`,
        token: buyer.token,
        payload: { planName: "MONTHLY", creditCardToken: token, accountName: "ANA SOUZA" },
      })
    live.iuguFake.loseNextAnswer("/v1/charge")
    const first = await charge(await live.cardToken())
    expect(first.statusCode, first.body).toBe(200)
    const subscription = SubscriptionSchema.parse(first.json().subscription)
    expect(subscription).toMatchObject({ status: "pending", payment: { status: "pending" } })
    expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(false)

    // The buyer tries again a little later: refused while the first charge is unconfirmed.
    live.clock.advance(2 * minute)
    const again = await charge(await live.cardToken())
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: "payment_unconfirmed" })

    live.clock.advance(minute)
    expect((await billing(t).maintenance.reconcile()).applied).toBe(1)
    const list = live.iuguFake.requests.find((r) => r.method === "GET" && r.path === "/v1/invoices")
    expect(list?.query.get("customer_id")).toBeTruthy()
    buyer.token = await t.tokenFor(buyer.id)
    expect(await subscriptionOf(t, iuguCreator.username, buyer.token)).toMatchObject({
      status: "paid",
      payment: { status: "paid", paymentMethod: "credit_card" },
    })
    expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(true)
    const rows = await paymentsOf(t, subscription.id)
    expect(rows).toHaveLength(1)
    // One charge reached iugu: the one whose answer was lost.
    expect(live.iuguFake.requests.filter((r) => r.path === "/v1/charge")).toHaveLength(1)
    const audit = await auditOf(t, subscription.id)
    expect(audit.find((r) => r.entity === "payment" && r.toStatus === "paid")?.actor).toBe(
      "job:reconcile",
    )
    expect(approvalMails(buyer)).toHaveLength(1)
    // Its renewals are scheduled at iugu like those of a charge answered at once.
    const [stored] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    expect(stored).toMatchObject({ gateway: "iugu", gatewaySubscriptionId: expect.any(String) })
  })
})

describe("expiry asks the gateway by our reference before cancelling", () => {
  it("a link paid a day ago with every notification lost is paid, not expired", async () => {
    const { buyer, subscription, page } = await redirectCheckout("link")
    await live.mp.payCheckout({ kind: "preference", id: page }, true)
    live.clock.advance(day)
    await billing(t).maintenance.expirePayments()
    expect(live.mpFake.requests.some((r) => r.path === "/v1/payments/search")).toBe(true)
    buyer.token = await t.tokenFor(buyer.id)
    expect(await subscriptionOf(t, mpCreator.username, buyer.token)).toMatchObject({
      status: "paid",
      payment: { status: "paid" },
    })
    const audit = await auditOf(t, subscription.id)
    expect(audit.find((r) => r.entity === "payment" && r.toStatus === "paid")?.actor).toBe(
      "job:expire-payments",
    )
    expect(audit.some((r) => r.toStatus === "canceled")).toBe(false)
  })

  it("a card page never paid is cancelled here and at Mercado Pago after the search finds nothing", async () => {
    const { buyer, subscription, page } = await redirectCheckout("card")
    live.clock.advance(day)
    await billing(t).maintenance.expirePayments()
    const paths = live.mpFake.requests.map((r) => `${r.method} ${r.path}`)
    expect(paths.indexOf("GET /v1/payments/search")).toBeGreaterThanOrEqual(0)
    expect(paths.indexOf(`PUT /preapproval/${page}`)).toBeGreaterThan(
      paths.indexOf("GET /v1/payments/search"),
    )
    expect((await live.mp.getPreapproval(page))?.status).toBe("cancelled")
    buyer.token = await t.tokenFor(buyer.id)
    expect(await subscriptionOf(t, mpCreator.username, buyer.token)).toMatchObject({
      status: "unpaid",
      payment: { status: "canceled" },
    })
    const audit = await auditOf(t, subscription.id)
    expect(audit.find((r) => r.toStatus === "canceled")?.actor).toBe("job:expire-payments")
  })

  it("an iugu card charge whose answer never came is paid when iugu has it, and ends when not", async () => {
    for (const number of ["4111111111111111", "4000000000000002"]) {
      const buyer = await t.createAccount()
      live.iuguFake.loseNextAnswer("/v1/charge")
      const answer = await checkout(
        t,
        `/v1/${iuguCreator.username}/iugu/subscription/credit-card`,
        { planName: "MONTHLY", creditCardToken: await live.cardToken(number) },
        { token: buyer.token },
      )
      live.clock.advance(day)
      await billing(t).maintenance.expirePayments()
      buyer.token = await t.tokenFor(buyer.id)
      const after = await subscriptionOf(t, iuguCreator.username, buyer.token)
      if (number === "4111111111111111") {
        expect(after).toMatchObject({ status: "paid", payment: { status: "paid" } })
      } else {
        // Declined there: its invoice stays unpaid, so ours ends without access, and so does
        // the invoice at iugu.
        expect(after).toMatchObject({ status: "unpaid", payment: { status: "canceled" } })
        expect(await live.canSeeStories(iuguCreator.username, buyer.token)).toBe(false)
        const row = await live.paymentRow(answer.subscription.payment!.id)
        expect((await live.iugu.getInvoice(row.providerPaymentId!))?.status).toBe("canceled")
      }
      expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(1)
    }
  })
})
