import { sql } from "drizzle-orm"
import type { Database } from "../../db/client.ts"

type Labels = Record<string, string>

const escape = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")
const labelText = (labels: Labels) =>
  `{${Object.entries(labels)
    .map(([k, v]) => `${k}="${escape(v)}"`)
    .join(",")}}`

/** Per-process request counters; Prometheus scrapes each replica and sums. */
export function createRequestCounters() {
  const counts = new Map<string, number>()
  return {
    count(labels: { method: string; route: string; status: string }) {
      const key = labelText(labels)
      counts.set(key, (counts.get(key) ?? 0) + 1)
    },
    lines(): string[] {
      return [...counts].map(([labels, value]) => `closer_http_requests_total${labels} ${value}`)
    },
  }
}
export type RequestCounters = ReturnType<typeof createRequestCounters>

export async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** Prometheus text exposition: this process's requests, and the shared payment state. */
export async function renderMetrics(db: Database, counters: RequestCounters): Promise<string> {
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
    "# HELP closer_http_requests_total Requests answered by this process, by route and status.",
    "# TYPE closer_http_requests_total counter",
    ...counters.lines(),
    "# HELP closer_payments Payments by status and method.",
    "# TYPE closer_payments gauge",
    ...payments.map(
      (r) => `closer_payments${labelText({ status: r.status, method: r.method })} ${r.count}`,
    ),
    "# HELP closer_subscriptions Subscriptions by status.",
    "# TYPE closer_subscriptions gauge",
    ...subscriptions.map(
      (r) => `closer_subscriptions${labelText({ status: r.status })} ${r.count}`,
    ),
    "# HELP closer_webhook_deliveries Authenticated webhook deliveries by outcome.",
    "# TYPE closer_webhook_deliveries gauge",
    ...webhooks.map(
      (r) =>
        `closer_webhook_deliveries${labelText({ provider: r.provider, outcome: r.outcome })} ${r.count}`,
    ),
    "",
  ].join("\n")
}
