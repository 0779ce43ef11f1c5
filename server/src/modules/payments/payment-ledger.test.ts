import { randomUUID } from "node:crypto"
import { eq } from "drizzle-orm"
import { addMonths } from "../../../../src/domain/dates.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"
import { createBillingStore } from "./billing.repository.ts"
import { createPaymentLedger } from "./payment-ledger.ts"

/**
 * A gateway's notification decides its move from rows read without locks, and the move is
 * written only if they are still as read; otherwise the ledger decides again under the lock.
 */
let t: TestApp
let creator: TestCreator
const day = 86_400_000
const context = { actor: "webhook:iugu", reason: "iugu: teste" }

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu" })
})
afterAll(() => t.close())

/** A buyer's subscription with one pending iugu Pix, read as a notification reads it. */
async function pendingPix(subscription: { status: "paid" | "pending"; endInDays: number | null }) {
  const buyer = await t.createAccount()
  const now = t.clock.now().getTime()
  const row = await t.createSubscription({
    accountId: buyer.id,
    profileId: creator.profileId,
    status: subscription.status,
    currentPeriodEnd:
      subscription.endInDays === null ? null : new Date(now + subscription.endInDays * day),
  })
  const invoiceId = randomUUID()
  const [payment] = await t.db
    .insert(payments)
    .values({
      subscriptionId: row.id,
      method: "pix",
      gateway: "iugu",
      amountCents: 2990,
      planName: "MONTHLY",
      providerPaymentId: invoiceId,
    })
    .returning()
  const store = createBillingStore(t.db)
  const seen = (await store.paymentSeenByProvider("iugu", invoiceId))!
  return { buyer, subscription: row, payment: payment!, seen }
}

const ledger = () => createPaymentLedger({ db: t.db, clock: t.clock })
const paymentAudit = (paymentId: string) =>
  t.db.select().from(billingAudit).where(eq(billingAudit.paymentId, paymentId))

describe("a payment's move decided from an unlocked read", () => {
  it("is written in one go when nothing changed since the read, with its audit rows and e-mail people", async () => {
    const { buyer, subscription, payment, seen } = await pendingPix({
      status: "pending",
      endInDays: null,
    })
    const result = await ledger().transition(payment.id, "paid", context, subscription.id, seen)
    expect(result).toMatchObject({ changed: true, from: "pending", payment: { status: "paid" } })
    expect(result!.people).toMatchObject({
      buyer: { email: buyer.email },
      creator: { username: creator.username, email: creator.email },
    })
    const [stored] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    expect(stored).toMatchObject({
      status: "paid",
      currentPeriodEnd: result!.subscription.currentPeriodEnd,
    })
    const audit = await paymentAudit(payment.id)
    expect(audit.map((row) => [row.entity, row.fromStatus, row.toStatus]).sort()).toEqual([
      ["payment", "pending", "paid"],
      ["subscription", "pending", "paid"],
    ])
    expect(audit.find((row) => row.entity === "subscription")!.details).toEqual({
      currentPeriodEnd: { from: null, to: stored!.currentPeriodEnd!.toISOString() },
    })
  })

  it("is not written when the payment moved since: the move is decided again, from where it is", async () => {
    const { subscription, payment, seen } = await pendingPix({ status: "pending", endInDays: null })
    await ledger().transition(payment.id, "paid", context, subscription.id)
    // Read as pending, cancelled by a stale notification: a paid payment cannot be cancelled.
    const stale = await ledger().transition(payment.id, "canceled", context, subscription.id, seen)
    expect(stale).toMatchObject({ changed: false, from: "paid" })
    const [stored] = await t.db.select().from(payments).where(eq(payments.id, payment.id))
    expect(stored!.status).toBe("paid")
    expect((await paymentAudit(payment.id)).filter((row) => row.entity === "payment")).toHaveLength(
      1,
    )
  })

  it("is not written when the subscription changed since: the period extends the current end", async () => {
    const { subscription, payment, seen } = await pendingPix({ status: "paid", endInDays: 10 })
    const later = new Date(t.clock.now().getTime() + 20 * day)
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: later })
      .where(eq(subscriptions.id, subscription.id))
    const result = await ledger().transition(payment.id, "paid", context, subscription.id, seen)
    const expected = addMonths(later, 1)
    expect(result).toMatchObject({ changed: true, from: "pending" })
    const [stored] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id))
    expect(stored!.currentPeriodEnd).toEqual(expected)
    expect(result!.subscription.currentPeriodEnd).toEqual(expected)
  })
  it("written by two deliveries waiting on the same lock, moves the payment once", async () => {
    const { subscription, payment, seen } = await pendingPix({ status: "pending", endInDays: null })
    // A third party holds the subscription's lock while both are sent, so both wait on it.
    const both = await t.db.transaction(async (tx) => {
      await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscription.id))
        .for("update")
      const sent = [1, 2].map(() =>
        ledger().transition(payment.id, "paid", context, subscription.id, seen),
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      return sent
    })
    const results = await Promise.all(both)
    expect(results.map((result) => result!.changed).sort()).toEqual([false, true])
    const audit = await paymentAudit(payment.id)
    expect(audit.filter((row) => row.entity === "payment")).toHaveLength(1)
    expect(audit.filter((row) => row.entity === "subscription")).toHaveLength(1)
  })
})
