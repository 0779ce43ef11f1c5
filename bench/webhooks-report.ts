import { table } from "./table.ts"
import type { WebhookCase } from "./webhooks.ts"

/** A launch's confirmations must keep up with its buyers: held on PostgreSQL, pinned. */
const WEBHOOKS_MIN_RPS = 300

type ExpectBudget = (check: string, ok: boolean, value: string) => void

/** The webhook case's table, and its budgets: exactly once everywhere, the rate on PostgreSQL. */
export function printWebhooks(database: string, c: WebhookCase, expectBudget: ExpectBudget) {
  console.log(
    `\nWebhook confirmations on ${database}: ${c.payments} Pix payments paid at the simulated iugu, each notified 2 to 12 times, shuffled, 50 connections, server ${c.placement}`,
  )
  console.log(
    table([
      {
        case: c.name,
        "req/s": c.requestsPerSecond,
        "p50 ms": c.p50Ms,
        "p99 ms": c.p99Ms,
        "server CPU ms each": c.cpuMsPerRequest,
        notifications: c.notifications,
        "non-2xx": c.non2xx,
        errors: c.errors,
        "applied once": c.appliedOnce ? "yes" : `no: ${c.detail}`,
      },
    ]),
  )
  expectBudget(
    `${database} every confirmed payment applied exactly once`,
    c.appliedOnce && c.non2xx === 0,
    c.appliedOnce ? `${c.payments} payments, ${c.notifications} notifications` : c.detail,
  )
  if (database === "PostgreSQL")
    expectBudget(
      `${database} webhook confirmations >= ${WEBHOOKS_MIN_RPS}/s (${c.placement})`,
      c.requestsPerSecond >= WEBHOOKS_MIN_RPS,
      `${c.requestsPerSecond.toFixed(0)}/s`,
    )
}
