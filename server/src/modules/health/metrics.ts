import { sql } from "drizzle-orm"
import { rowsOf, type Database } from "../../db/client.ts"
import { labelText, type Counters } from "../../plugins/counters.ts"

/**
 * Prometheus text exposition: this process's counters, then gauges read from the shared
 * database at scrape time (the same on every replica: aggregate them with max, not sum).
 */
export async function renderMetrics(db: Database, counters: Counters): Promise<string> {
  const payments = await rowsOf<{ status: string; method: string; count: string }>(
    db,
    sql`select status::text, method::text, count(*)::text as count from payments group by 1, 2`,
  )
  const subscriptions = await rowsOf<{ status: string; count: string }>(
    db,
    sql`select status::text, count(*)::text as count from subscriptions group by 1`,
  )
  const webhooks = await rowsOf<{ provider: string; outcome: string; count: string }>(
    db,
    sql`select provider::text,
               case when processed_at is not null then 'processed'
                    when last_error is not null then 'failed' else 'pending' end as outcome,
               count(*)::text as count
          from webhook_deliveries group by 1, 2`,
  )
  return [
    ...counters.lines(),
    "# HELP closer_payments Payments by status and method (from the database).",
    "# TYPE closer_payments gauge",
    ...payments.map(
      (r) => `closer_payments${labelText({ status: r.status, method: r.method })} ${r.count}`,
    ),
    "# HELP closer_subscriptions Subscriptions by status (from the database).",
    "# TYPE closer_subscriptions gauge",
    ...subscriptions.map(
      (r) => `closer_subscriptions${labelText({ status: r.status })} ${r.count}`,
    ),
    "# HELP closer_webhook_deliveries Authenticated webhook deliveries by outcome (from the database).",
    "# TYPE closer_webhook_deliveries gauge",
    ...webhooks.map(
      (r) =>
        `closer_webhook_deliveries${labelText({ provider: r.provider, outcome: r.outcome })} ${r.count}`,
    ),
    "",
  ].join("\n")
}
