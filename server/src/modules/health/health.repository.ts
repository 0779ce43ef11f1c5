import { sql } from "drizzle-orm"
import { rowsOf, type Database } from "../../db/client.ts"

/** The reads behind /v1/ready and /v1/metrics: raw SQL over the whole database. */
export function createHealthRepository(db: Database) {
  return {
    /** When the newest applied migration was made (drizzle's `created_at`); 0 when none is. */
    async latestAppliedMigration(): Promise<number> {
      const rows = await rowsOf<{ latest: string | null }>(
        db,
        sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
      )
      return Number(rows[0]?.latest ?? 0)
    },
    paymentCounts() {
      return rowsOf<{ status: string; method: string; gateway: string; count: string }>(
        db,
        sql`select status::text, method::text, gateway::text, count(*)::text as count
              from payments group by 1, 2, 3`,
      )
    },
    /** Seconds since the oldest payment still pending was created, by method. */
    oldestPendingPayments(now: Date) {
      return rowsOf<{ method: string; age: string }>(
        db,
        sql`select method::text,
                   extract(epoch from (${now.toISOString()}::timestamptz - min(created_at)))::text as age
              from payments where status = 'pending' group by 1`,
      )
    },
    /** When each job last finished well and last failed, in epoch seconds. */
    jobOutcomes() {
      return rowsOf<{ name: string; ok: string | null; failed: string | null }>(
        db,
        sql`select name,
                   extract(epoch from max(finished_at) filter (where outcome = 'ok'))::text as ok,
                   extract(epoch from max(finished_at) filter (where outcome = 'failed'))::text as failed
              from job_runs group by 1`,
      )
    },
    subscriptionCounts() {
      return rowsOf<{ status: string; count: string }>(
        db,
        sql`select status::text, count(*)::text as count from subscriptions group by 1`,
      )
    },
    webhookCounts() {
      return rowsOf<{ provider: string; outcome: string; count: string }>(
        db,
        sql`select provider::text,
                   case when processed_at is not null then 'processed'
                        when last_error is not null then 'failed' else 'pending' end as outcome,
                   count(*)::text as count
              from webhook_deliveries group by 1, 2`,
      )
    },
  }
}
