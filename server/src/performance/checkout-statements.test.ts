import { eq, type Logger } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accessLogs, accounts } from "../db/schema.ts"
import { captchaTokens } from "../../test/fake-recaptcha.ts"
import { auditOf, paymentsOf } from "../../test/billing-test-kit.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../test/test-app.ts"

/**
 * Issue 30: a launch's new buyers at 150 Pix checkouts a second. Each statement is a round trip
 * and a commit, so the checkout's are counted here as Drizzle sends them; transaction control is
 * left out (PGlite sends it outside Drizzle). The simulated gateway's write counts: in
 * production it is the HTTPS call that creates the invoice.
 */
const transactionControl = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i
const statements: string[] = []
const countingLogger: Logger = {
  logQuery(query) {
    if (!transactionControl.test(query)) statements.push(query)
  },
}

let t: TestApp
let creator: TestCreator
beforeAll(async () => {
  t = await createTestApp({ queryLogger: countingLogger })
  creator = await t.createCreator({ paymentGateway: "iugu" })
})
afterAll(() => t?.close())

describe("statements of a new buyer's Pix checkout", () => {
  it("at most 10, the subscription, its payment and the audit row written by one", async () => {
    const email = "compradora.nova@exemplo.com.br"
    await new Promise((resolve) => setImmediate(resolve))
    statements.length = 0
    const res = await t.inject({
      method: "POST",
      url: `/v1/${creator.username}/iugu/subscription/pix`,
      payload: { email, planName: "MONTHLY", typeAuth: "new_user", token: captchaTokens.valid },
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(res.statusCode, res.body).toBe(200)
    expect(statements.length, statements.join("\n\n")).toBeLessThanOrEqual(10)
    const writesSubscription = statements.filter((q) => /insert into "subscriptions"/i.test(q))
    expect(writesSubscription).toHaveLength(1)
    expect(writesSubscription[0]).toMatch(
      /insert into "payments"[\s\S]*insert into "billing_audit"/i,
    )

    // What the fewer statements still write: one pending payment with its audit row, the account
    // and its sign-up line in the access log.
    const subscriptionId = res.json<{ subscription: { id: string } }>().subscription.id
    const written = await paymentsOf(t, subscriptionId)
    expect(written.map((p) => p.status)).toEqual(["pending"])
    expect(written[0]!.pixCode).toBeTruthy()
    const audit = await auditOf(t, subscriptionId)
    expect(audit.map((a) => [a.entity, a.fromStatus, a.toStatus, a.paymentId])).toEqual([
      ["payment", null, "pending", written[0]!.id],
    ])
    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, email))
    const logged = await t.db.select().from(accessLogs).where(eq(accessLogs.accountId, account!.id))
    expect(logged.map((l) => l.event)).toEqual(["signup"])
  })
})
