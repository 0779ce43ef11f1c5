import type { Database } from "../../db/client.ts"
import { labelText, type Counters } from "../../plugins/counters.ts"
import { createHealthRepository } from "./health.repository.ts"

/**
 * Prometheus text exposition: this process's counters, then gauges read from the shared
 * database at scrape time (the same on every replica: aggregate them with max, not sum).
 */
export async function renderMetrics(db: Database, counters: Counters): Promise<string> {
  const repo = createHealthRepository(db)
  const payments = await repo.paymentCounts()
  const subscriptions = await repo.subscriptionCounts()
  const webhooks = await repo.webhookCounts()
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
