import type { Logger } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkout, paymentsOf } from "../../test/billing-test-kit.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../test/test-app.ts"

/**
 * Issue 30: a launch's Pix confirmations at 300 per second, gateways repeating each one. What
 * a confirmation costs is mostly its statements (each a round trip), counted here as Drizzle
 * sends them; transaction control is left out (PGlite sends it outside Drizzle). The
 * simulated gateway's read counts: in production it is the HTTPS re-fetch.
 */
const transactionControl = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i
const statements: string[] = []
const countingLogger: Logger = {
  logQuery(query) {
    if (!transactionControl.test(query)) statements.push(query)
  },
}

const webhookToken = "autorizacao-do-webhook-iugu-de-teste"
let t: TestApp
let creator: TestCreator

beforeAll(async () => {
  t = await createTestApp({
    queryLogger: countingLogger,
    config: { payments: { iugu: { webhookToken } } },
  })
  creator = await t.createCreator({ paymentGateway: "iugu" })
})
afterAll(() => t?.close())

/** A buyer's Pix checkout, paid at the simulated iugu; returns the invoice id and payment. */
async function paidPix() {
  const buyer = await t.createAccount()
  const answer = await checkout(
    t,
    `/v1/${creator.username}/iugu/subscription/pix`,
    { planName: "MONTHLY" },
    { token: buyer.token },
  )
  const [payment] = await paymentsOf(t, answer.subscription.id)
  await t.gateways.sandbox!.iugu.setInvoiceStatus(payment!.providerPaymentId!, "paid")
  return { invoiceId: payment!.providerPaymentId!, subscriptionId: answer.subscription.id }
}

/** iugu's notification, and the statements the app sent while answering it. */
async function notify(invoiceId: string) {
  await new Promise((resolve) => setImmediate(resolve))
  statements.length = 0
  const res = await t.inject({
    method: "POST",
    url: "/v1/webhooks/iugu",
    xsrf: false,
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: webhookToken },
    payload: `event=invoice.status_changed&data%5Bid%5D=${invoiceId}`,
  })
  await new Promise((resolve) => setImmediate(resolve))
  return { status: res.statusCode, queries: [...statements] }
}

describe("statements of an iugu Pix confirmation", () => {
  it("the first applies the payment in at most 6 statements; a repeat costs at most 3", async () => {
    const { invoiceId, subscriptionId } = await paidPix()
    const first = await notify(invoiceId)
    expect(first.status).toBe(200)
    expect(first.queries.length, first.queries.join("\n")).toBeLessThanOrEqual(6)
    // The move locks the rows itself: no lock taken by a statement of its own first.
    expect(first.queries.filter((q) => /^select\b[\s\S]*\bfor update$/i.test(q.trim()))).toEqual([])
    const [payment] = await paymentsOf(t, subscriptionId)
    expect(payment!.status).toBe("paid")

    const repeat = await notify(invoiceId)
    expect(repeat.status).toBe(200)
    expect(repeat.queries.length, repeat.queries.join("\n")).toBeLessThanOrEqual(3)
    // The repeat is still logged as a delivery and still re-fetched from the gateway.
    expect(repeat.queries.some((q) => /^insert into "webhook_deliveries"/i.test(q))).toBe(true)
    expect(repeat.queries.some((q) => /from "sandbox_objects"/i.test(q))).toBe(true)
  })
})
