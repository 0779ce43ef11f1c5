import { and, eq, gte, inArray, sql } from "drizzle-orm"
import { alias, unionAll } from "drizzle-orm/pg-core"
import { CHECKOUT_EVENTS, VISIT_EVENTS } from "../../../../src/domain/analytics.ts"
import { saoPauloDate, TIME_ZONE } from "../../../../src/domain/dates.ts"
import { SERVICE_FEE_CENTS } from "../../../../src/domain/plans.ts"
import type { StudioNumbers, StudioNumbersDay } from "../../../../src/domain/studio.ts"
import { payments, subscriptions } from "../../db/schema-billing.ts"
import { analyticsEvents } from "../../db/schema.ts"
import type { ModuleDeps } from "../../deps.ts"
import { hasAccessSql } from "../../db/access-sql.ts"
import { requireOwnProfile } from "./studio-access.ts"

const dayMs = 86_400_000
const pad = (n: number) => String(n).padStart(2, "0")
const dayKey = (at: Date) => {
  const { year, month, day } = saoPauloDate(at)
  return `${year}-${pad(month)}-${pad(day)}`
}
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
const creatorShare = sql<number>`coalesce(${payments.planValueCents}, ${payments.amountCents} - ${SERVICE_FEE_CENTS})`

export function createStudioNumbersService(deps: ModuleDeps) {
  return {
    /**
     * Visitors and checkouts started (visit events), new paid subscriptions and what every approved
     * payment (renewals too) earned, per São Paulo day over the last `days`, plus subscribers with
     * access now and this month's revenue.
     */
    async get(accountId: string, days: number): Promise<StudioNumbers> {
      const profile = await requireOwnProfile(deps.db, accountId)
      const now = deps.clock.now()
      const keys = Array.from({ length: days }, (_, i) =>
        dayKey(new Date(now.getTime() - (days - 1 - i) * dayMs)),
      )
      // Midnight in São Paulo of the first day is at most a day before this bound: filter by key too.
      const since = new Date(now.getTime() - days * dayMs)
      const eventDay = localDay(analyticsEvents.createdAt)
      const paidDay = localDay(payments.paidAt)
      const zero = () => sql<number>`0`.mapWith(Number)
      // One statement for the three figures (rows tagged by kind), so the page costs the
      // session and profile lookups plus this one.
      const visitRows = deps.db
        .select({
          kind: sql<string>`'events'`,
          day: eventDay,
          visits: distinctVisitors(VISIT_EVENTS),
          checkouts: distinctVisitors(CHECKOUT_EVENTS),
          paid: zero(),
          revenue: zero(),
        })
        .from(analyticsEvents)
        .where(
          and(eq(analyticsEvents.profileId, profile.id), gte(analyticsEvents.createdAt, since)),
        )
        .groupBy(eventDay)
      const paidRows = deps.db
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
            eq(subscriptions.profileId, profile.id),
            eq(payments.status, "paid"),
            gte(payments.paidAt, new Date(since.getTime() - 31 * dayMs)),
          ),
        )
        .groupBy(paidDay)
      const activeRow = deps.db
        .select({
          kind: sql<string>`'active'`,
          day: sql<string>`''`,
          visits: zero(),
          checkouts: zero(),
          paid: sql<number>`count(*)`.mapWith(Number),
          revenue: zero(),
        })
        .from(subscriptions)
        .where(and(eq(subscriptions.profileId, profile.id), hasAccessSql(now)))
      const rows = await unionAll(visitRows, paidRows, activeRow)
      const events = rows.filter((row) => row.kind === "events")
      const paid = rows.filter((row) => row.kind === "paid")
      const activeSubscribers = rows.find((row) => row.kind === "active")?.paid ?? 0

      const series: StudioNumbersDay[] = keys.map((date) => {
        const e = events.find((row) => row.day === date)
        const p = paid.find((row) => row.day === date)
        return {
          date,
          visits: e?.visits ?? 0,
          checkoutsStarted: e?.checkouts ?? 0,
          paid: p?.paid ?? 0,
          revenueCents: p?.revenue ?? 0,
        }
      })
      const sum = (pick: (day: StudioNumbersDay) => number) =>
        series.reduce((total, day) => total + pick(day), 0)
      const month = keys.at(-1)!.slice(0, 7)
      return {
        days: series,
        totals: {
          visits: sum((d) => d.visits),
          checkoutsStarted: sum((d) => d.checkoutsStarted),
          paid: sum((d) => d.paid),
          revenueCents: sum((d) => d.revenueCents),
        },
        activeSubscribers,
        monthlyRevenueCents: paid
          .filter((row) => row.day.startsWith(month))
          .reduce((total, row) => total + row.revenue, 0),
      }
    },
  }
}
