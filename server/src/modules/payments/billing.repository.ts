import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm"
import type { PaymentGateway } from "../../../../src/domain/models.ts"
import type { Database, Executor } from "../../db/client.ts"
import { billingAudit, gatewayCustomers, payments, subscriptions } from "../../db/schema-billing.ts"
import { plans } from "../../db/schema.ts"
import type { PaymentRow, PlanRow, SubscriptionRow } from "../../db/rows.ts"
import { createBillingViews } from "./billing-views.repository.ts"
import {
  writePaymentMove,
  writePaymentMoveIfUnchanged,
  type PaymentMove,
  type SeenVersions,
} from "./payment-move.repository.ts"
import { seenPaymentReader } from "./payment-seen.repository.ts"
import { insertFirstPurchase, type FirstPurchase } from "./first-purchase.repository.ts"

export type { PaymentRow, PlanRow, SubscriptionRow }
export type NewPayment = typeof payments.$inferInsert
export type AuditEntry = typeof billingAudit.$inferInsert

export const openStatuses = ["pending", "analyzing"] as const

/**
 * Drizzle queries of subscriptions, payments, their audit and gateway customers; pass a
 * transaction to lock rows. The reads for answers and e-mails are in billing-views.repository.ts.
 */
export function createBillingRepository(db: Executor) {
  const one = <T>(rows: T[]) => rows[0] ?? null
  const latestPayment = async (subscriptionId: string) =>
    one(
      await db
        .select()
        .from(payments)
        .where(eq(payments.subscriptionId, subscriptionId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1),
    )
  async function claimSubscription(accountId: string, profileId: string, now: Date) {
    // The inserted row is locked by the insert itself; an existing one is locked by the select.
    const [inserted] = await db
      .insert(subscriptions)
      .values({ accountId, profileId, status: "pending", createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [subscriptions.accountId, subscriptions.profileId] })
      .returning()
    if (inserted) return { subscription: inserted, created: true }
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.profileId, profileId)))
      .for("update")
    return { subscription: row!, created: false }
  }

  // A checkout's plan is asked by name: that read prepared on first use.
  let planByName: ReturnType<typeof preparePlanByName> | undefined
  const preparePlanByName = () =>
    db
      .select()
      .from(plans)
      .where(
        and(
          eq(plans.profileId, sql.placeholder("profileId")),
          eq(plans.active, true),
          eq(plans.name, sql.placeholder("name")),
        ),
      )
      .prepare("billing_active_plan_by_name")

  return {
    async plan(profileId: string, by: { id?: string; name?: string }) {
      if (by.name && !by.id) {
        planByName ??= preparePlanByName()
        return one(await planByName.execute({ profileId, name: by.name }))
      }
      const conditions = [eq(plans.profileId, profileId), eq(plans.active, true)]
      if (by.id) conditions.push(eq(plans.id, by.id))
      if (by.name) conditions.push(eq(plans.name, by.name as PlanRow["name"]))
      return one(
        await db
          .select()
          .from(plans)
          .where(and(...conditions)),
      )
    },
    async planById(id: string) {
      return one(await db.select().from(plans).where(eq(plans.id, id)))
    },

    async subscription(id: string) {
      return one(await db.select().from(subscriptions).where(eq(subscriptions.id, id)))
    },
    async subscriptionOf(accountId: string, profileId: string) {
      return one(
        await db
          .select()
          .from(subscriptions)
          .where(
            and(eq(subscriptions.accountId, accountId), eq(subscriptions.profileId, profileId)),
          ),
      )
    },
    async subscriptionByGateway(gateway: PaymentGateway, gatewaySubscriptionId: string) {
      return one(
        await db
          .select()
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.gateway, gateway),
              eq(subscriptions.gatewaySubscriptionId, gatewaySubscriptionId),
            ),
          ),
      )
    },
    /** Row lock: every change of a subscription and its payments starts here (then payments). */
    async lockSubscription(id: string) {
      return one(
        await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update"),
      )
    },
    /** Locks the subscription only when `accountId` bought it: nobody else holds its lock. */
    async lockOwnSubscription(id: string, accountId: string) {
      return one(
        await db
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId)))
          .for("update"),
      )
    },
    /** The follower's row for this creator, created if missing, and locked. */
    async ensureSubscription(accountId: string, profileId: string, now: Date) {
      return (await claimSubscription(accountId, profileId, now)).subscription
    },
    /**
     * `ensureSubscription`, also saying whether this call inserted the row: until its
     * transaction ends nobody else can see it, so it has no payments.
     */
    claimSubscription,
    /**
     * Deletes a subscription a purchase made and then could not use (the gateway or the trial
     * refused it), so a refusal leaves the follower as she came. Only while it is as made:
     * pending, with no payment, trial, gateway subscription or history. Call it in a
     * transaction: the row's lock keeps a purchase from adding a payment meanwhile.
     */
    async dropUnusedSubscription(id: string) {
      const row = one(
        await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update"),
      )
      if (!row || row.status !== "pending" || row.trialStartedAt || row.gatewaySubscriptionId)
        return false
      const [used] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.subscriptionId, id))
        .unionAll(
          db
            .select({ id: billingAudit.id })
            .from(billingAudit)
            .where(eq(billingAudit.subscriptionId, id)),
        )
        .limit(1)
      if (used) return false
      await db.delete(subscriptions).where(eq(subscriptions.id, id))
      return true
    },
    async updateSubscription(id: string, values: Partial<SubscriptionRow>) {
      const [row] = await db
        .update(subscriptions)
        .set(values)
        .where(eq(subscriptions.id, id))
        .returning()
      return row!
    },

    async payment(id: string) {
      return one(await db.select().from(payments).where(eq(payments.id, id)))
    },
    async lockPayment(id: string) {
      return one(await db.select().from(payments).where(eq(payments.id, id)).for("update"))
    },
    /**
     * Locks a subscription and one of its payments in one statement, in the order every other
     * path takes them (subscription first: it comes first in the join). Null unless the payment
     * is the subscription's. A row that changed while waiting is returned as last committed.
     */
    async lockSubscriptionWithPayment(subscriptionId: string, paymentId: string) {
      return one(
        await db
          .select({ subscription: subscriptions, payment: payments })
          .from(subscriptions)
          .innerJoin(
            payments,
            and(eq(payments.id, paymentId), eq(payments.subscriptionId, subscriptions.id)),
          )
          .where(eq(subscriptions.id, subscriptionId))
          .for("update"),
      )
    },
    async paymentByProvider(gateway: PaymentGateway, providerPaymentId: string) {
      return one(
        await db
          .select()
          .from(payments)
          .where(
            and(eq(payments.gateway, gateway), eq(payments.providerPaymentId, providerPaymentId)),
          ),
      )
    },
    latestPayment,
    async openPayments(subscriptionId: string) {
      return db
        .select()
        .from(payments)
        .where(
          and(eq(payments.subscriptionId, subscriptionId), inArray(payments.status, openStatuses)),
        )
        .orderBy(desc(payments.createdAt))
    },
    /** The most recent payment that moved money in, to tell whether a refund ends the access. */
    async latestPaidPayment(subscriptionId: string) {
      return one(
        await db
          .select()
          .from(payments)
          .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.status, "paid")))
          .orderBy(desc(payments.paidAt), desc(payments.createdAt))
          .limit(1),
      )
    },
    /**
     * `now`, or just after the subscription's latest payment: "the latest payment" is the one
     * made last even when two are made within the same millisecond.
     */
    async nextPaymentTime(subscriptionId: string, now: Date) {
      const latest = await latestPayment(subscriptionId)
      const after = latest ? latest.createdAt.getTime() + 1 : 0
      return new Date(Math.max(now.getTime(), after))
    },
    async insertPayment(values: NewPayment) {
      const [row] = await db.insert(payments).values(values).returning()
      return row!
    },
    /** A gateway payment we learn about from a webhook; concurrent deliveries insert it once. */
    async insertPaymentOnce(values: NewPayment) {
      const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning()
      return row ?? null
    },
    async updatePayment(id: string, values: Partial<PaymentRow>) {
      const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning()
      return row!
    },
    /**
     * A gateway's answer on the payment; a gateway id a webhook linked first is kept. Returns
     * the payment's status as the update left it (null when the payment is gone).
     */
    async storeGatewayAnswer(
      id: string,
      values: Partial<PaymentRow>,
      providerPaymentId: string | null | undefined,
    ) {
      const [row] = await db
        .update(payments)
        .set({
          ...values,
          providerPaymentId: sql`coalesce(${payments.providerPaymentId}, ${providerPaymentId ?? null})`,
        })
        .where(eq(payments.id, id))
        .returning({ status: payments.status })
      return row?.status ?? null
    },
    /** Links our payment to the gateway's; false when another delivery linked it first. */
    async attachProviderPayment(id: string, providerPaymentId: string, now: Date) {
      const rows = await db
        .update(payments)
        .set({ providerPaymentId, updatedAt: now })
        .where(and(eq(payments.id, id), isNull(payments.providerPaymentId)))
        .returning({ id: payments.id })
      return rows.length > 0
    },

    /** A status change decided by the ledger, with its audit rows: see payment-move.repository.ts. */
    writePaymentMove: (move: PaymentMove) => writePaymentMove(db, move),
    /** The same move decided without a lock: written only if the rows are still as `seen`. */
    writePaymentMoveIfUnchanged: (move: PaymentMove, seen: SeenVersions) =>
      writePaymentMoveIfUnchanged(db, move, seen),
    /** A new buyer's subscription, first payment and its audit row: first-purchase.repository.ts. */
    insertFirstPurchase: (purchase: FirstPurchase) => insertFirstPurchase(db, purchase),
    /** One audit row, or several written in one statement. */
    async audit(entry: AuditEntry | AuditEntry[]) {
      await db.insert(billingAudit).values(Array.isArray(entry) ? entry : [entry])
    },
    auditOf(subscriptionId: string) {
      return db
        .select()
        .from(billingAudit)
        .where(eq(billingAudit.subscriptionId, subscriptionId))
        .orderBy(billingAudit.createdAt)
    },

    async customer(accountId: string, gateway: PaymentGateway) {
      return one(
        await db
          .select()
          .from(gatewayCustomers)
          .where(
            and(eq(gatewayCustomers.accountId, accountId), eq(gatewayCustomers.gateway, gateway)),
          ),
      )
    },
    async insertCustomer(values: typeof gatewayCustomers.$inferInsert) {
      await db.insert(gatewayCustomers).values(values).onConflictDoNothing()
    },
    ...createBillingViews(db),
  }
}

export type BillingRepository = ReturnType<typeof createBillingRepository>

/** The repository on the database, and `transaction` for work that must commit as one. */
export function createBillingStore(db: Database) {
  const paymentSeenByProvider = seenPaymentReader(db)
  return {
    ...createBillingRepository(db),
    paymentSeenByProvider,
    /** `tx` is for the ledger's locked steps that must share the transaction. */
    transaction: <T>(work: (repo: BillingRepository, tx: Executor) => Promise<T>) =>
      db.transaction((tx) => work(createBillingRepository(tx), tx)),
  }
}

export type BillingStore = ReturnType<typeof createBillingStore>
