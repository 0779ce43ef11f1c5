import { sql } from "drizzle-orm"
import { rowsOf, type Database } from "../../db/client.ts"

type Labels = Record<string, string>

const escape = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")
const labelText = (labels: Labels) =>
  `{${Object.entries(labels)
    .map(([k, v]) => `${k}="${escape(v)}"`)
    .join(",")}}`

/** A counter family: one value per label set, counted in this process. */
function counterFamily(name: string, help: string) {
  // Counted under a cheap key; the label text is written once, for the first count of a key.
  const counts = new Map<string, { labels: string; value: number }>()
  return {
    count(key: string, labels: () => Labels) {
      const entry = counts.get(key)
      if (entry) entry.value += 1
      else counts.set(key, { labels: labelText(labels()), value: 1 })
    },
    lines: () => [
      `# HELP ${name} ${help}`,
      `# TYPE ${name} counter`,
      ...[...counts.values()].map(({ labels, value }) => `${name}${labels} ${value}`),
    ],
  }
}

/**
 * What this process counts itself (Prometheus scrapes each replica and sums): requests answered,
 * and webhook deliveries refused before anything was stored (so the database cannot count them).
 */
export function createCounters() {
  const requests = counterFamily(
    "closer_http_requests_total",
    "Requests answered by this process, by route and status.",
  )
  const refusedWebhooks = counterFamily(
    "closer_webhooks_refused_total",
    "Webhook deliveries this process refused (bad or missing signature or token), by provider and reason.",
  )
  return {
    request: (method: string, route: string, status: number) =>
      requests.count(`${status} ${method} ${route}`, () => ({
        method,
        route,
        status: String(status),
      })),
    webhookRefused: (labels: { provider: string; reason: string }) =>
      refusedWebhooks.count(`${labels.provider} ${labels.reason}`, () => labels),
    lines: () => [...requests.lines(), ...refusedWebhooks.lines()],
  }
}
export type Counters = ReturnType<typeof createCounters>

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
