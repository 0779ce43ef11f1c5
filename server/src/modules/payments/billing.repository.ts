import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm"
import type { PaymentGateway } from "../../../../src/domain/models.ts"
import type { Database, Executor } from "../../db/client.ts"
import { billingAudit, gatewayCustomers, payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts, plans, profiles } from "../../db/schema.ts"
import { viewerAccount, viewerColumns, viewerMatches } from "../../plugins/auth.ts"

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type PaymentRow = typeof payments.$inferSelect
export type PlanRow = typeof plans.$inferSelect
export type NewPayment = typeof payments.$inferInsert
export type AuditEntry = typeof billingAudit.$inferInsert

export const openStatuses = ["pending", "analyzing"] as const

/** The id of a subscription's latest payment, for joining it in the same query. */
const latestPaymentOf = (subscriptionId: SQL | typeof subscriptions.id) =>
  sql`(select lp.id from ${payments} lp where lp.subscription_id = ${subscriptionId} order by lp.created_at desc, lp.id desc limit 1)`

const viewProfileColumns = {
  username: profiles.username,
  fullName: profiles.fullName,
  profilePicKey: profiles.profilePicKey,
  paymentGateway: profiles.paymentGateway,
  accountId: profiles.accountId,
}

/** Drizzle queries of subscriptions and payments; pass a transaction to lock rows. */
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
  // A follower's subscription to the creator whose page is open, read on every visit, as a
  // prepared statement made on first use (never inside a transaction). The token's account
  // comes along (see accountInQuery); one row always, so a revoked token is told apart from a
  // missing creator.
  let subscriptionForToken: ReturnType<typeof prepareSubscriptionForToken> | undefined
  const prepareSubscriptionForToken = () =>
    db
      .select({
        viewer: viewerColumns,
        banned: profiles.banned,
        subscription: subscriptions,
        profile: viewProfileColumns,
        plan: plans,
        payment: payments,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(viewerAccount, viewerMatches)
      .leftJoin(profiles, eq(profiles.username, sql.placeholder("username")))
      .leftJoin(
        subscriptions,
        and(
          eq(subscriptions.profileId, profiles.id),
          eq(subscriptions.accountId, viewerAccount.id),
        ),
      )
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .leftJoin(payments, eq(payments.id, latestPaymentOf(subscriptions.id)))
      .prepare("billing_subscription_for_token_by_username")
  return {
    /**
     * The account of the request's token (null for a visitor or a revoked token), the creator
     * (by normalised username; `banned` null when there is none), the account's subscription to
     * her and its view parts, in one query.
     */
    async subscriptionForTokenByUsername(
      username: string,
      viewer: { viewerId: string | null; tokenVersion: number | null },
    ) {
      subscriptionForToken ??= prepareSubscriptionForToken()
      const [row] = await subscriptionForToken.execute({ username, ...viewer })
      return row!
    },

    async plan(profileId: string, by: { id?: string; name?: string }) {
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
      await db
        .insert(subscriptions)
        .values({ accountId, profileId, status: "pending", createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [subscriptions.accountId, subscriptions.profileId] })
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.profileId, profileId)))
        .for("update")
      return row!
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
    /** Links our payment to the gateway's; false when another delivery linked it first. */
    async attachProviderPayment(id: string, providerPaymentId: string, now: Date) {
      const rows = await db
        .update(payments)
        .set({ providerPaymentId, updatedAt: now })
        .where(and(eq(payments.id, id), isNull(payments.providerPaymentId)))
        .returning({ id: payments.id })
      return rows.length > 0
    },

    async audit(entry: AuditEntry) {
      await db.insert(billingAudit).values(entry)
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

    /** What the wire Subscription needs besides the row: creator, plan, latest payment. */
    /** What a subscription's answer shows besides its row: creator, plan, latest payment. */
    async viewParts(subscription: SubscriptionRow) {
      const [row] = await db
        .select({ profile: viewProfileColumns, plan: plans, payment: payments })
        .from(profiles)
        .leftJoin(plans, subscription.planId ? eq(plans.id, subscription.planId) : sql`false`)
        .leftJoin(payments, eq(payments.id, latestPaymentOf(sql`${subscription.id}`)))
        .where(eq(profiles.id, subscription.profileId))
      return row!
    },

    /**
     * Subscriptions matching `where` with their view parts, in one query: the reads of a
     * subscription answer with it at once.
     */
    /** A subscription with its creator, plan and latest payment, for its view. */
    async subscriptionWithPartsById(id: string) {
      const where = eq(subscriptions.id, id)
      const [row] = await db
        .select({
          subscription: subscriptions,
          profile: viewProfileColumns,
          plan: plans,
          payment: payments,
        })
        .from(subscriptions)
        .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
        .leftJoin(plans, eq(plans.id, subscriptions.planId))
        .leftJoin(payments, eq(payments.id, latestPaymentOf(subscriptions.id)))
        .where(where)
      return row ?? null
    },

    async buyer(accountId: string) {
      return one(
        await db
          .select({ id: accounts.id, email: accounts.email, fullName: accounts.fullName })
          .from(accounts)
          .where(eq(accounts.id, accountId)),
      )
    },

    /** The buyer's e-mail and the creator, for the e-mails about a subscription. */
    async peopleOf(subscription: Pick<SubscriptionRow, "accountId" | "profileId">) {
      const [buyer] = await db
        .select({ email: accounts.email })
        .from(accounts)
        .where(eq(accounts.id, subscription.accountId))
      const [creator] = await db
        .select({
          fullName: profiles.fullName,
          username: profiles.username,
          email: accounts.email,
        })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.accountId))
        .where(eq(profiles.id, subscription.profileId))
      return buyer && creator ? { buyer, creator } : null
    },
  }
}

export type BillingRepository = ReturnType<typeof createBillingRepository>

/** The repository on the database, and `transaction` for work that must commit as one. */
export function createBillingStore(db: Database) {
  return {
    ...createBillingRepository(db),
    transaction: <T>(work: (repo: BillingRepository) => Promise<T>) =>
      db.transaction((tx) => work(createBillingRepository(tx))),
  }
}

export type BillingStore = ReturnType<typeof createBillingStore>
