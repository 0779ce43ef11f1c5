import { randomBytes } from "node:crypto"
import path from "node:path"
import autocannon from "autocannon"
import { sql } from "drizzle-orm"
import { openDatabase, rowsOf } from "../server/src/db/client.ts"
import { startServer, type ApiCase } from "./api.ts"
import { place, placements, type Placement } from "./placement.ts"
import { cpuMs } from "./process-cpu.ts"
import { exactlyOnceProblems, readSettlement } from "./webhooks-check.ts"
import { prepareLaunch } from "./webhooks-launch.ts"

/** An API case's figures, less the bare baseline it is not run beside. */
export type WebhookCase = Omit<ApiCase, "baselineRps" | "ratioToBaseline"> & {
  /** The server's CPU time (user and system, from /proc) per confirmation of the timed run. */
  cpuMsPerRequest: number
  payments: number
  /** Notifications answered 200 in all: the timed run's, then the rest of the queue. */
  notifications: number
  /** Every payment paid once, its subscription active once, one audit row and mail each. */
  appliedOnce: boolean
  detail: string
}

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
const PAYMENTS = Number(process.env.BENCH_WEBHOOK_PAYMENTS ?? 5000)

/**
 * Every payment twice, one in ten five to ten times more (gateways retry and duplicate), in
 * shuffled order (Fisher-Yates), so duplicates arrive both before and after the first one is applied.
 */
export function notificationQueue(ids: string[], random = Math.random): string[] {
  const queue = ids.flatMap((id) => {
    const extra = random() < 0.1 ? 5 + Math.floor(random() * 6) : 0
    return Array<string>(2 + extra).fill(id)
  })
  for (let i = queue.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1))
    ;[queue[i], queue[j]] = [queue[j]!, queue[i]!]
  }
  return queue
}

async function exited(pid: number) {
  for (;;) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

type Cursor = { ids: string[]; next: number }

/**
 * iugu's notification for each invoice of `queue` in turn, as autocannon requests. A request
 * still in flight when a run ends is never answered: only answered ones are counted as sent,
 * so that the untimed rest (`unanswered`) makes up for them.
 */
function iuguNotifications(origin: string, authorization: string, queue: string[]) {
  const answered = new Map<string, number>()
  // Per connection (autocannon's context): the invoice its request in flight names.
  const waitingOn = new WeakMap<object, string>()
  return {
    answered: () => [...answered.values()].reduce((a, b) => a + b, 0),
    /** Payments whose notification was answered fewer than twice: the run did not test them. */
    underNotified: () => [...new Set(queue)].filter((id) => (answered.get(id) ?? 0) < 2).length,
    /** The notifications of `queue` not answered yet, in the queue's order. */
    unanswered() {
      const left = new Map(answered)
      return queue.filter((id) => {
        const done = left.get(id) ?? 0
        left.set(id, done - 1)
        return done <= 0
      })
    },
    /** Runs from where the previous run over the same `source` stopped. */
    options: (extra: Partial<autocannon.Options>, source: Cursor): autocannon.Options => {
      return {
        url: `${origin}/v1/webhooks/iugu`,
        connections: CONNECTIONS,
        ...extra,
        requests: [
          {
            method: "POST",
            setupRequest: (request, context) => {
              const id = source.ids[source.next % source.ids.length]!
              source.next += 1
              waitingOn.set(context, id)
              return {
                ...request,
                headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
                body: `event=invoice.status_changed&data%5Bid%5D=${id}`,
              }
            },
            onResponse: (status, _body, context) => {
              const id = waitingOn.get(context)!
              if (status === 200) answered.set(id, (answered.get(id) ?? 0) + 1)
            },
          },
        ],
      }
    },
  }
}

/**
 * A launch's Pix confirmations: PAYMENTS buyers' payments, paid at the simulated iugu, each
 * notified at least twice at 50 connections. Timed for BENCH_SECONDS (after 2 s of warm-up,
 * notifications of the same queue); the rest of the queue is then sent untimed, and the
 * database is read back to check every payment was applied exactly once.
 */
export async function runWebhookCase(
  port: number,
  databaseUrl?: string,
  placement: Placement = placements()[0]!,
): Promise<WebhookCase> {
  // The sandbox's iugu accepts the Authorization it is configured with: one of this run's own.
  const authorization = randomBytes(24).toString("base64url")
  const previous = process.env.IUGU_WEBHOOK_TOKEN
  process.env.IUGU_WEBHOOK_TOKEN = authorization
  const origin = `http://127.0.0.1:${port}`
  let ids: string[] = []
  let scratchName = ""
  const server = await startServer(port, databaseUrl, async (db) => {
    ids = await prepareLaunch(db, PAYMENTS, origin)
    const [current] = await rowsOf<{ name: string }>(db, sql`select current_database() as name`)
    scratchName = current!.name
  }).finally(() => {
    if (previous === undefined) delete process.env.IUGU_WEBHOOK_TOKEN
    else process.env.IUGU_WEBHOOK_TOKEN = previous
  })
  try {
    const queue = notificationQueue(ids)
    const notify = iuguNotifications(origin, authorization, queue)
    place(placement, [server.pid])
    const launch = { ids: queue, next: 0 }
    await autocannon(notify.options({ duration: Math.min(2, DURATION_SECONDS) }, launch))
    const cpuBefore = cpuMs(server.pid)
    const run = await autocannon(notify.options({ duration: DURATION_SECONDS }, launch))
    const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / run.requests.total
    place("shared", [server.pid])
    const tail = await sendTheRest(notify)
    const problems = await checkSettlement(server.pid, port, databaseUrl, scratchName, ids.length)
    if (notify.underNotified() > 0)
      problems.push(`${notify.underNotified()} payments notified fewer than twice`)
    return {
      name: "POST /v1/webhooks/iugu (launch: Pix paid, duplicated)",
      placement,
      requestsPerSecond: run.requests.total / run.duration,
      p50Ms: run.latency.p50,
      p99Ms: run.latency.p99,
      non2xx: run.non2xx + tail.non2xx,
      // The rest's timeouts are sent again; one never answered shows in `detail`.
      errors: run.errors + run.timeouts,
      cpuMsPerRequest: cpuPerRequest,
      payments: ids.length,
      notifications: notify.answered(),
      appliedOnce: problems.length === 0,
      detail: problems.length === 0 ? "" : problems.slice(0, 5).join("; "),
    }
  } finally {
    await server.stop()
  }
}

/**
 * The notifications the timed run did not get answered, untimed; those that time out (PGlite
 * queues 50 connections' requests behind each other) are sent again, up to three times.
 */
async function sendTheRest(notify: ReturnType<typeof iuguNotifications>) {
  const tail = { non2xx: 0 }
  for (let pass = 0; pass < 3; pass += 1) {
    const rest = { ids: notify.unanswered(), next: 0 }
    if (rest.ids.length === 0) break
    const result = await autocannon(notify.options({ amount: rest.ids.length, timeout: 60 }, rest))
    tail.non2xx += result.non2xx
  }
  return tail
}

/** PGlite has one process: the server stops before the bench reads its files. */
async function checkSettlement(
  pid: number,
  port: number,
  databaseUrl: string | undefined,
  scratchName: string,
  expected: number,
) {
  let url: string | undefined
  if (databaseUrl) {
    const scratch = new URL(databaseUrl)
    scratch.pathname = `/${scratchName}`
    url = scratch.toString()
  } else {
    process.kill(pid, "SIGTERM")
    await exited(pid)
  }
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: path.join(`bench/.data-${port}`, "pglite"),
  })
  try {
    return exactlyOnceProblems(await readSettlement(database.db), expected)
  } finally {
    await database.close()
  }
}
