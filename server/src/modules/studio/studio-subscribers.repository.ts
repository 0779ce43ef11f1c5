import { and, desc, eq, ilike, or, sql } from "drizzle-orm"
import type { PaymentMethod, PaymentStatus } from "../../../../src/domain/models.ts"
import type { SubscriberFilter } from "../../../../src/domain/studio.ts"
import { hasAccessSql } from "../../db/access-sql.ts"
import { afterCursor, cursorAt, pageOf } from "../../db/keyset.ts"
import type { Database, Executor } from "../../db/client.ts"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"

export type SubscriptionRow = typeof subscriptions.$inferSelect

export interface SubscriberRow {
  subscription: SubscriptionRow
  email: string
  fullName: string | null
  paymentStatus: PaymentStatus | null
}

const latestPaymentStatus = sql<PaymentStatus | null>`(select ${payments.status} from ${payments}
  where ${payments.subscriptionId} = ${subscriptions.id}
  order by ${payments.createdAt} desc limit 1)`

/**
 * The name is shown only of someone who bought from this creator (a payment exists): a person
 * the creator put on her lista VIP by e-mail never gave her their name.
 */
const boughtHere = sql`exists (select 1 from ${payments} where ${payments.subscriptionId} = ${subscriptions.id})`

/** Like-patterns treat % and _ as wildcards; a search for "a_b" means those characters. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A creator's subscribers as her studio lists them, and her lista VIP's writes. */
export function createStudioSubscribersRepository(db: Database) {
  const select = (executor: Executor) =>
    executor
      .select({
        subscription: subscriptions,
        email: accounts.email,
        fullName: sql<string | null>`case when ${boughtHere} then ${accounts.fullName} end`,
        paymentStatus: latestPaymentStatus,
        at: cursorAt(subscriptions.createdAt),
      })
      .from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))

  return {
    async subscriber(subscriptionId: string): Promise<SubscriberRow | null> {
      const [row] = await select(db).where(eq(subscriptions.id, subscriptionId))
      return row ?? null
    },

    /**
     * A page, newest first, along the index on (profile_id, created_at, id); `q` searches e-mail
     * and, of those who bought here, the name.
     */
    async list(
      profileId: string,
      filter: { q?: string; status?: SubscriberFilter; method?: PaymentMethod },
      now: Date,
      cursor: string | undefined,
      limit: number,
    ) {
      const pattern = filter.q ? `%${escapeLike(filter.q)}%` : null
      const rows = await select(db)
        .where(
          and(
            eq(subscriptions.profileId, profileId),
            pattern
              ? or(
                  ilike(accounts.email, pattern),
                  and(boughtHere, ilike(accounts.fullName, pattern)),
                )
              : undefined,
            filter.status === "active"
              ? hasAccessSql(now)
              : filter.status
                ? eq(subscriptions.status, filter.status)
                : undefined,
            filter.method ? eq(subscriptions.paymentMethod, filter.method) : undefined,
            afterCursor(subscriptions.createdAt, subscriptions.id, cursor, "desc"),
          ),
        )
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(limit + 1)
      return pageOf(rows, limit, (row) => row.subscription.id)
    },

    async subscriptionOf(accountId: string, profileId: string): Promise<SubscriptionRow | null> {
      const [current] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.profileId, profileId)))
      return current ?? null
    },

    async subscription(id: string): Promise<SubscriptionRow | null> {
      const [current] = await db.select().from(subscriptions).where(eq(subscriptions.id, id))
      return current ?? null
    },

    /** Writes the change and its audit row together, as the payments ledger does. */
    write(
      current: SubscriptionRow | null,
      values: Partial<SubscriptionRow> & { accountId: string; profileId: string },
      audit: { actor: string; reason: string },
      now: () => Date,
    ): Promise<SubscriptionRow> {
      return db.transaction(async (tx) => {
        const at = now()
        const [row] = current
          ? await tx
              .update(subscriptions)
              .set({ ...values, updatedAt: at })
              .where(eq(subscriptions.id, current.id))
              .returning()
          : await tx
              .insert(subscriptions)
              .values({ ...values, createdAt: at, updatedAt: at })
              .returning()
        await tx.insert(billingAudit).values({
          subscriptionId: row!.id,
          entity: "subscription",
          fromStatus: current?.status ?? null,
          toStatus: row!.status,
          actor: audit.actor,
          reason: audit.reason,
          createdAt: at,
        })
        return row!
      })
    },
  }
}
