import { and, eq, gte, inArray, sql } from "drizzle-orm"
import { alias, unionAll } from "drizzle-orm/pg-core"
import { CHECKOUT_EVENTS, VISIT_EVENTS } from "../../../../src/domain/analytics.ts"
import { TIME_ZONE } from "../../../../src/domain/dates.ts"
import { SERVICE_FEE_CENTS } from "../../../../src/domain/plans.ts"
import { hasAccessSql } from "../../db/access-sql.ts"
import type { Executor } from "../../db/client.ts"
import { payments, subscriptions } from "../../db/schema-billing.ts"
import { analyticsEvents } from "../../db/schema.ts"

const dayMs = 86_400_000

// The zone is written into the SQL, not bound: a bound value would make the grouped expression
// differ from the selected one.
const localDay = (column: unknown) =>
  sql<string>`to_char(${column} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM-DD')`

const earlier = alias(payments, "earlier")
/** The subscription's first payment: a renewal earns revenue but is not a new subscription. */
const firstPayment = sql`not exists (select 1 from ${payments} ${sql.identifier("earlier")} where ${earlier.subscriptionId} = ${payments.subscriptionId} and ${earlier.paidAt} < ${payments.paidAt})`

/**
 * Each signed-in person once per day, however many times the page opened; an anonymous event has
 * no one to tell apart and counts as itself.
 */
const distinctVisitors = (names: readonly string[]) =>
  sql<number>`count(distinct coalesce(${analyticsEvents.accountId}::text, ${analyticsEvents.id}::text)) filter (where ${inArray(analyticsEvents.name, [...names])})`.mapWith(
    Number,
  )

/** What the creator earns from a payment: the plan's price; the service fee is the platform's. */
// A coupon's first charge brings less than the plan's value: the smaller of the two.
const creatorShare = sql<number>`least(coalesce(${payments.planValueCents}, ${payments.amountCents} - ${SERVICE_FEE_CENTS}), ${payments.amountCents} - ${SERVICE_FEE_CENTS})`

export function createStudioNumbersRepository(db: Executor) {
  return {
    /**
     * The creator's figures per São Paulo day since `since` (payments from a month earlier, for
     * this month's revenue), tagged by kind, plus one "active" row: subscribers with access now.
     */
    dailyFigures(profileId: string, since: Date, now: Date) {
      const eventDay = localDay(analyticsEvents.createdAt)
      const paidDay = localDay(payments.paidAt)
      const zero = () => sql<number>`0`.mapWith(Number)
      // One statement for the three figures (rows tagged by kind), so the page costs the
      // session and profile lookups plus this one.
      const visitRows = db
        .select({
          kind: sql<string>`'events'`,
          day: eventDay,
          visits: distinctVisitors(VISIT_EVENTS),
          checkouts: distinctVisitors(CHECKOUT_EVENTS),
          paid: zero(),
          revenue: zero(),
        })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.profileId, profileId), gte(analyticsEvents.createdAt, since)))
        .groupBy(eventDay)
      const paidRows = db
        .select({
          kind: sql<string>`'paid'`,
          day: paidDay,
          visits: zero(),
          checkouts: zero(),
          paid: sql<number>`count(*) filter (where ${firstPayment})`.mapWith(Number),
          revenue: sql<number>`sum(${creatorShare})`.mapWith(Number),
        })
        .from(payments)
        .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
        .where(
          and(
            eq(subscriptions.profileId, profileId),
            eq(payments.status, "paid"),
            gte(payments.paidAt, new Date(since.getTime() - 31 * dayMs)),
          ),
        )
        .groupBy(paidDay)
      const activeRow = db
        .select({
          kind: sql<string>`'active'`,
          day: sql<string>`''`,
          visits: zero(),
          checkouts: zero(),
          paid: sql<number>`count(*)`.mapWith(Number),
          revenue: zero(),
        })
        .from(subscriptions)
        .where(and(eq(subscriptions.profileId, profileId), hasAccessSql(now)))
      return unionAll(visitRows, paidRows, activeRow)
    },
  }
}
