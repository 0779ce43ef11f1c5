import { and, gt, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm"
import { subscriptions } from "./schema-billing.ts"

/**
 * `hasAccess` of src/domain/statuses.ts as a SQL condition, to count active subscribers in the
 * database; access-sql.test.ts checks both agree on every status and date.
 */
export function hasAccessSql(now: Date): SQL {
  const nowSql = sql`${now.toISOString()}::timestamptz`
  const inPeriod = gt(subscriptions.currentPeriodEnd, nowSql)
  return and(
    isNull(subscriptions.refundedDate),
    or(
      and(sql`${subscriptions.status} in ('paid', 'trialing')`, inPeriod),
      and(
        sql`${subscriptions.status} = 'whitelist'`,
        or(isNull(subscriptions.currentPeriodEnd), inPeriod),
      ),
      and(
        sql`${subscriptions.status} = 'canceled'`,
        isNotNull(subscriptions.canceledDate),
        inPeriod,
      ),
      // A renewal that failed keeps the paid period (the grace days of a failed debit).
      and(sql`${subscriptions.status} = 'unpaid'`, isNotNull(subscriptions.failedDate), inPeriod),
    ),
  )!
}
