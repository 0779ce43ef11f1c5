import { Gauge, type Registry } from "prom-client"
import type { Clock } from "../../clock.ts"
import type { Database } from "../../db/client.ts"
import { createHealthRepository } from "./health.repository.ts"

/** What node-postgres's pool reports about its connections. */
interface PoolCounts {
  totalCount: number
  idleCount: number
  waitingCount: number
}
const isPool = (client: unknown): client is PoolCounts =>
  typeof (client as PoolCounts | undefined)?.waitingCount === "number"

/**
 * Gauges read from the shared database at scrape time (the same on every replica: aggregate
 * them with max, not sum), and this replica's connection pool. Each gauge is emptied before it
 * is filled, so a status that no longer has rows leaves the exposition.
 */
export function registerDatabaseGauges(registry: Registry, db: Database, clock: Clock) {
  const repo = createHealthRepository(db)
  const registers = [registry]

  new Gauge({
    name: "closer_payments",
    help: "Payments by status, method and gateway (from the database).",
    labelNames: ["status", "method", "gateway"] as const,
    registers,
    async collect() {
      const rows = await repo.paymentCounts()
      this.reset()
      for (const { count, ...labels } of rows) this.set(labels, Number(count))
    },
  })
  new Gauge({
    name: "closer_payments_pending_oldest_age_seconds",
    help: "Age of the oldest payment still pending, by method: a Pix left pending past its hour means confirmations are not arriving.",
    labelNames: ["method"] as const,
    registers,
    async collect() {
      const rows = await repo.oldestPendingPayments(clock.now())
      this.reset()
      for (const { method, age } of rows) this.set({ method }, Math.max(0, Number(age)))
    },
  })
  new Gauge({
    name: "closer_subscriptions",
    help: "Subscriptions by status (from the database).",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const rows = await repo.subscriptionCounts()
      this.reset()
      for (const { status, count } of rows) this.set({ status }, Number(count))
    },
  })
  new Gauge({
    name: "closer_webhook_deliveries",
    help: "Authenticated webhook deliveries by outcome (from the database).",
    labelNames: ["provider", "outcome"] as const,
    registers,
    async collect() {
      const rows = await repo.webhookCounts()
      this.reset()
      for (const { count, ...labels } of rows) this.set(labels, Number(count))
    },
  })
  for (const [outcome, help] of [
    [
      "success",
      "When each job last finished well (epoch seconds): a job that stops running shows here first.",
    ],
    ["failure", "When each job last failed (epoch seconds)."],
  ] as const)
    new Gauge({
      name: `closer_job_last_${outcome}_timestamp_seconds`,
      help,
      labelNames: ["job"] as const,
      registers,
      async collect() {
        const rows = await repo.jobOutcomes()
        this.reset()
        for (const { name, ok, failed } of rows) {
          const at = outcome === "success" ? ok : failed
          if (at) this.set({ job: name }, Number(at))
        }
      },
    })
  const client = (db as unknown as { $client?: unknown }).$client
  if (isPool(client))
    new Gauge({
      name: "closer_db_pool_connections",
      help: "This replica's PostgreSQL connections: in use, idle, and requests waiting for one.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.set({ state: "in_use" }, client.totalCount - client.idleCount)
        this.set({ state: "idle" }, client.idleCount)
        this.set({ state: "waiting" }, client.waitingCount)
      },
    })
}
