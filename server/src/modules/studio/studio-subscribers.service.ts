import { and, desc, eq, ilike, or, sql } from "drizzle-orm"
import type { PaymentMethod, PaymentStatus } from "../../../../src/domain/models.ts"
import { SUBSCRIPTION_NOT_FOUND } from "../../../../src/domain/messages.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import {
  notWhitelistedMessage,
  whitelistNoAccountMessage,
  whitelistPayingMessage,
  whitelistSelfMessage,
  type StudioSubscriber,
  type SubscriberFilter,
} from "../../../../src/domain/studio.ts"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"
import type { Executor } from "../../db/client.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts"
import { hasAccessSql } from "../../db/access-sql.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import { notOwnerMessage, requireOwnProfile } from "./studio-access.ts"

export const subscriptionNotFoundMessage = SUBSCRIPTION_NOT_FOUND
/** Additions to one creator's lista VIP per hour: each answer says whether an e-mail has an account. */
export const vipAddsPerHour = 30

type SubscriptionRow = typeof subscriptions.$inferSelect

interface SubscriberRow {
  subscription: SubscriptionRow
  email: string
  fullName: string | null
  paymentStatus: PaymentStatus | null
}

const latestPaymentStatus = sql<PaymentStatus | null>`(select ${payments.status} from ${payments}
  where ${payments.subscriptionId} = ${subscriptions.id}
  order by ${payments.createdAt} desc limit 1)`

const iso = (value: Date | null) => value?.toISOString() ?? null

/**
 * The name is shown only of someone who bought from this creator (a payment exists): a person
 * the creator put on her lista VIP by e-mail never gave her their name.
 */
const boughtHere = sql`exists (select 1 from ${payments} where ${payments.subscriptionId} = ${subscriptions.id})`

export function createStudioSubscribersService(deps: ModuleDeps) {
  const select = (db: Executor) =>
    db
      .select({
        subscription: subscriptions,
        email: accounts.email,
        fullName: sql<string | null>`case when ${boughtHere} then ${accounts.fullName} end`,
        paymentStatus: latestPaymentStatus,
      })
      .from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))

  const toSubscriber = (row: SubscriberRow): StudioSubscriber => {
    const s = row.subscription
    return {
      subscriptionId: s.id,
      email: row.email,
      fullName: row.fullName,
      status: s.status,
      active: hasAccess(s, deps.clock.now()),
      plan: s.planName,
      createdAt: s.createdAt.toISOString(),
      currentPeriodStart: iso(s.currentPeriodStart),
      currentPeriodEnd: iso(s.currentPeriodEnd),
      canceledDate: iso(s.canceledDate),
      paymentMethod: s.paymentMethod,
      paymentStatus: row.paymentStatus,
    }
  }

  const one = async (subscriptionId: string) => {
    const [row] = await select(deps.db).where(eq(subscriptions.id, subscriptionId))
    return toSubscriber(row!)
  }

  /** Writes the change and its audit row together, as the payments ledger does. */
  const change = async (
    current: SubscriptionRow | null,
    values: Partial<SubscriptionRow> & { accountId: string; profileId: string },
    audit: { actor: string; reason: string },
  ) =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock.now()
      const [row] = current
        ? await tx
            .update(subscriptions)
            .set({ ...values, updatedAt: now })
            .where(eq(subscriptions.id, current.id))
            .returning()
        : await tx
            .insert(subscriptions)
            .values({ ...values, createdAt: now, updatedAt: now })
            .returning()
      await tx.insert(billingAudit).values({
        subscriptionId: row!.id,
        entity: "subscription",
        fromStatus: current?.status ?? null,
        toStatus: row!.status,
        actor: audit.actor,
        reason: audit.reason,
        createdAt: now,
      })
      return row!
    })

  return {
    /** Newest first; `q` searches e-mail and name. */
    async list(
      accountId: string,
      filter: { q?: string; status?: SubscriberFilter; method?: PaymentMethod },
    ) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
      const rows = await select(deps.db)
        .where(
          and(
            eq(subscriptions.profileId, profile.id),
            pattern
              ? or(
                  ilike(accounts.email, pattern),
                  and(boughtHere, ilike(accounts.fullName, pattern)),
                )
              : undefined,
            filter.status === "active"
              ? hasAccessSql(deps.clock.now())
              : filter.status
                ? eq(subscriptions.status, filter.status)
                : undefined,
            filter.method ? eq(subscriptions.paymentMethod, filter.method) : undefined,
          ),
        )
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(1000)
      return rows.map(toSubscriber)
    },

    /**
     * "Lista VIP": access without paying, until removed. Someone already paying keeps her
     * subscription; adding twice changes nothing.
     */
    async addToWhitelist(accountId: string, email: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      await deps.limits.consume(`vip-add:${profile.id}`, vipAddsPerHour, 60 * 60_000)
      const [person] = await deps.db
        .select({ id: accounts.id, role: accounts.role, closedAt: accounts.closedAt })
        .from(accounts)
        .where(eq(accounts.email, email))
      // An operator's account, or a closed one, is answered as no account at all.
      if (!person || person.role === "admin" || person.closedAt)
        throw new NotFoundError(whitelistNoAccountMessage, "account_not_found")
      if (person.id === profile.accountId)
        throw new ValidationError(whitelistSelfMessage, "own_account", "email")
      const [current] = await deps.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, person.id), eq(subscriptions.profileId, profile.id)))
      if (current?.status === "whitelist" && hasAccess(current, deps.clock.now()))
        return { ...(await one(current.id)), email }
      if (current && current.status !== "whitelist" && hasAccess(current, deps.clock.now()))
        throw new ConflictError(whitelistPayingMessage, "already_subscribed", "email")
      const row = await change(
        current ?? null,
        {
          accountId: person.id,
          profileId: profile.id,
          status: "whitelist",
          currentPeriodStart: deps.clock.now(),
          currentPeriodEnd: null,
          canceledDate: null,
          refundedDate: null,
          failedDate: null,
        },
        { actor: `account:${accountId}`, reason: "adicionada à lista VIP pela criadora" },
      )
      // The e-mail as the creator typed it: nothing from the person's account.
      return { ...(await one(row.id)), email }
    },

    /** Access ends now; the row and its history stay, and the person may subscribe later. */
    async removeFromWhitelist(accountId: string, subscriptionId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const [current] = isUuid(subscriptionId)
        ? await deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId))
        : []
      if (!current) throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
      if (current.profileId !== profile.id) throw new ForbiddenError(notOwnerMessage, "not_owner")
      if (current.status !== "whitelist")
        throw new ConflictError(notWhitelistedMessage, "not_whitelisted")
      const now = deps.clock.now()
      await change(
        current,
        {
          accountId: current.accountId,
          profileId: current.profileId,
          status: "canceled",
          canceledDate: now,
          currentPeriodEnd: now,
        },
        { actor: `account:${accountId}`, reason: "removida da lista VIP pela criadora" },
      )
      return one(current.id)
    },
  }
}
