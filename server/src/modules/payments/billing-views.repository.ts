import { aliasedTable, and, eq, sql, type SQL } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts, plans, profiles } from "../../db/schema.ts"
import { viewerAccount, viewerColumns, viewerMatches } from "../../plugins/auth.repository.ts"
import type { SubscriptionRow } from "./billing.repository.ts"

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

/**
 * Drizzle reads of what a subscription's answer and its e-mails show besides its row: the
 * creator, the plan, the latest payment, the people. Part of the billing repository.
 */
export function createBillingViews(db: Executor) {
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
  let subscriptionById: ReturnType<typeof prepareSubscriptionById> | undefined
  const prepareSubscriptionById = () =>
    db
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
      .where(eq(subscriptions.id, sql.placeholder("id")))
      .prepare("billing_subscription_with_parts_by_id")
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
     * A subscription with its creator, plan and latest payment, for its view: every checkout's
     * answer, so prepared on first use like the read above.
     */
    async subscriptionWithPartsById(id: string) {
      subscriptionById ??= prepareSubscriptionById()
      const [row] = await subscriptionById.execute({ id })
      return row ?? null
    },

    async buyer(accountId: string) {
      const [row] = await db
        .select({ id: accounts.id, email: accounts.email, fullName: accounts.fullName })
        .from(accounts)
        .where(eq(accounts.id, accountId))
      return row ?? null
    },

    /** The buyer's e-mail and the creator, for the e-mails about a subscription. */
    /** The buyer's e-mail and the creator, in one read: every payment e-mail needs both. */
    async peopleOf(subscription: Pick<SubscriptionRow, "accountId" | "profileId">) {
      const buyer = aliasedTable(accounts, "buyer")
      const [found] = await db
        .select({
          buyerEmail: buyer.email,
          fullName: profiles.fullName,
          username: profiles.username,
          email: accounts.email,
        })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.accountId))
        .innerJoin(buyer, eq(buyer.id, subscription.accountId))
        .where(eq(profiles.id, subscription.profileId))
      if (!found) return null
      const { buyerEmail, ...creator } = found
      return { buyer: { email: buyerEmail }, creator }
    },
  }
}
