import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CheckoutResponseSchema } from "../../src/domain/models.ts"
import { Buyer } from "./buyer.ts"
import { createDatabase } from "./replica-cluster.ts"
import { startServer, type ServerProcess } from "./server-process.ts"

const SLOW_BUYERS = 6
const DRAIN_MS = 3_000
const JOBS = 6

let database: Awaited<ReturnType<typeof createDatabase>>
let server: ServerProcess
let db: pg.Client

beforeAll(async () => {
  database = await createDatabase("shutdown")
  server = await startServer({
    databaseUrl: database.url,
    port: 3900,
    env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) },
  })
  db = new pg.Client({ connectionString: database.url })
  await db.connect()
}, 180_000)

afterAll(async () => {
  await db?.end()
  await server?.stop()
  await database?.drop()
}, 60_000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One request as the load balancer would send it: its status, or "refused" once nobody listens. */
async function probe(url: string): Promise<number | "refused"> {
  try {
    const response = await fetch(url)
    await response.arrayBuffer()
    return response.status
  } catch {
    return "refused"
  }
}

describe("a replica told to stop (SIGTERM)", () => {
  it("says 503 on /v1/ready while it drains, answers every request in flight, and exits 0", async () => {
    // Its jobs have run once, so a job could be running when the signal comes.
    for (let i = 0; i < 150; i++) {
      const { rows } = await db.query("select count(distinct name)::int as n from job_runs")
      if (rows[0].n >= JOBS) break
      await sleep(200)
    }

    const buyers = Array.from(
      { length: SLOW_BUYERS },
      (_, i) => new Buyer(server.origin, 7_000 + i),
    )
    for (const buyer of buyers) await buyer.open()
    const slow = buyers.map((buyer) => buyer.startSlowCheckoutPix("demo"))
    // The headers are in: the server has started each request and waits for its body.
    await sleep(500)

    const signalledAt = Date.now()
    const exit = server.signal("SIGTERM")
    const seen: Array<{ at: number; ready: number | "refused"; profile: number | "refused" }> = []
    const watching = (async () => {
      for (;;) {
        const [ready, profile] = await Promise.all([
          probe(`${server.origin}/v1/ready`),
          probe(`${server.origin}/v1/profile/demo`),
        ])
        seen.push({ at: Date.now() - signalledAt, ready, profile })
        if (ready === "refused" && profile === "refused") return
        await sleep(100)
      }
    })()

    // Half the bodies arrive during the drain, the others after the server stopped listening.
    await sleep(DRAIN_MS / 2)
    const early = slow.slice(0, SLOW_BUYERS / 2).map((request) => request.finish())
    await sleep(DRAIN_MS)
    const late = slow.slice(SLOW_BUYERS / 2).map((request) => request.finish())
    const answers = await Promise.all([...early, ...late])
    const ended = await exit
    await watching

    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200)
      const checkout = CheckoutResponseSchema.parse(JSON.parse(answer.body))
      expect(checkout.subscription.payment?.pixCode).toBeTruthy()
    }
    expect(ended).toEqual({ code: 0, signal: null })

    // From the moment the signal is handled: not ready, yet still serving; then nobody listens.
    const noticed = seen.findIndex((entry) => entry.ready === 503)
    expect(noticed).toBeGreaterThanOrEqual(0)
    expect(seen[noticed]!.at).toBeLessThan(1_000)
    const log = JSON.stringify(seen)
    const afterSignal = seen.slice(noticed)
    // The two probes of one round run side by side, so the round that meets the close may see
    // one answered and the other refused; any answer still given is the draining one.
    for (const entry of afterSignal) {
      expect([503, "refused"], log).toContain(entry.ready)
      expect([200, "refused"], log).toContain(entry.profile)
    }
    const closedAt = afterSignal.findIndex(
      (entry) => entry.ready === "refused" || entry.profile === "refused",
    )
    expect(closedAt, log).toBeGreaterThan(3)
    const draining = afterSignal.slice(0, closedAt)
    expect(draining.at(-1)!.at, log).toBeGreaterThanOrEqual(DRAIN_MS - 500)
    // Once it stopped listening it never answers again.
    expect(
      afterSignal
        .slice(closedAt + 1)
        .every((e) => e.ready === "refused" && e.profile === "refused"),
      log,
    ).toBe(true)
    expect(seen.at(-1)).toMatchObject({ ready: "refused", profile: "refused" })

    const { rows: paid } = await db.query(
      `select count(*)::int as n from payments p
         join subscriptions s on s.id = p.subscription_id
         join accounts a on a.id = s.account_id
        where a.email = any($1)`,
      [buyers.map((buyer) => buyer.email)],
    )
    expect(paid[0].n).toBe(SLOW_BUYERS)

    // No job left running or holding its lease: the next replica runs each when it is due.
    const { rows: held } = await db.query(
      "select name from job_leases where leased_until > now() or holder not like $1",
      [`%:${server.pid}:%`],
    )
    expect(held).toEqual([])
    const { rows: runs } = await db.query<{ outcome: string; n: number }>(
      "select outcome, count(*)::int as n from job_runs group by outcome order by outcome",
    )
    expect(runs.map((row) => row.outcome)).not.toContain("running")
    console.log(
      `shutdown: ${SLOW_BUYERS} slow checkouts all answered 200 after SIGTERM, /v1/ready 503 ` +
        `for ${draining.at(-1)!.at} ms, exit ${ended.code}; job runs ${runs
          .map((row) => `${row.outcome} ${row.n}`)
          .join(", ")}`,
    )
  }, 180_000)
})
