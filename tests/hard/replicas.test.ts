import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hasAccess } from "../../src/domain/statuses.ts"
import { Buyer } from "./buyer.ts"
import { createDatabase, startCluster } from "./replica-cluster.ts"

const BUYERS = 100
const CONCURRENCY = 10
const KILL_AFTER = 40
// nginx listens here and the replicas on the next three ports.
const clusterPort = Number(process.env.HARD_CLUSTER_PORT ?? 3600)

let database: Awaited<ReturnType<typeof createDatabase>>
let cluster: Awaited<ReturnType<typeof startCluster>>
let clusterStartedAt = 0

beforeAll(async () => {
  database = await createDatabase("replicas")
  clusterStartedAt = Date.now()
  cluster = await startCluster({ databaseUrl: database.url, replicas: 3, port: clusterPort })
}, 180_000)

afterAll(async () => {
  await cluster?.stop()
  await database?.drop()
}, 60_000)

describe("three replicas behind nginx on one PostgreSQL", () => {
  it("takes 100 Pix buyers while one replica is killed and restarted, losing and doubling nothing", async () => {
    const buyers = Array.from({ length: BUYERS }, (_, i) => new Buyer(cluster.origin, i))
    const failures: string[] = []
    let started = 0
    let killed: Promise<void> | null = null
    let killedProcess: number | null = null

    const journey = async (buyer: Buyer) => {
      await buyer.open()
      const paymentId = await buyer.checkoutPix("demo")
      await buyer.pay(paymentId)
    }
    const worker = async () => {
      while (started < BUYERS) {
        const buyer = buyers[started]!
        started += 1
        if (started === KILL_AFTER) {
          // Mid-run: the second replica dies without warning and comes back a little later.
          killedProcess = cluster.replicas[1]!.process.pid!
          killed = cluster
            .kill(1)
            .then(() => new Promise((resolve) => setTimeout(resolve, 2_000)))
            .then(() => cluster.restart(1))
        }
        await journey(buyer).catch((error: Error) =>
          failures.push(`${buyer.email}: ${error.message}`),
        )
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    await killed
    expect(failures).toEqual([])

    // Every buyer who paid sees the photos; their subscription is paid and gives access.
    for (const buyer of buyers) {
      const subscription = await buyer.subscription("demo")
      expect(subscription.status).toBe("paid")
      expect(hasAccess(subscription, new Date())).toBe(true)
      expect((await buyer.photos("demo")).status).toBe(200)
    }

    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const { rows } = await client.query<{
        subscriptions: string
        paid: string
        most_paid: string
        open: string
        replaced: string
      }>(
        `select count(distinct s.id) as subscriptions,
                count(p.id) filter (where p.status = 'paid') as paid,
                coalesce(max(per.paid), 0) as most_paid,
                count(p.id) filter (where p.status not in ('paid', 'canceled')) as open,
                count(p.id) filter (where p.status = 'canceled') as replaced
           from subscriptions s
           join accounts a on a.id = s.account_id
           left join payments p on p.subscription_id = s.id
           left join lateral (
             select count(*) filter (where status = 'paid') as paid
               from payments where subscription_id = s.id
           ) per on true
          where a.email like 'comprador.%'`,
      )
      // One subscription and exactly one charge per buyer, however many retries reached replicas.
      // A retry that took over the claim of a killed replica replaces the payment that replica
      // was creating (its code never reached the buyer): that one is canceled, never charged.
      expect(rows[0]).toMatchObject({
        subscriptions: String(BUYERS),
        paid: String(BUYERS),
        most_paid: "1",
        open: "0",
      })
      console.log(
        `payments replaced after a retry took over a killed replica's claim: ${rows[0]!.replaced}`,
      )

      // Every replica (and the restarted one) tried every job: stopped gracefully, each ran
      // exactly once per period. A period is the due time a run served; the next one starts an
      // interval after its run started.
      const killedPid = killedProcess!
      const elapsedMs = Date.now() - clusterStartedAt
      const exits = await cluster.stop()
      expect(exits).toEqual([0, 0, 0])
      const intervals: Record<string, number> = {
        "billing.reconcile": 2 * 60_000,
        "billing.expire-payments": 10 * 60_000,
        "billing.end-periods": 10 * 60_000,
        "billing.renewal-reminders": 60 * 60_000,
        "billing.idempotency-sweep": 60 * 60_000,
        "account.retention": 24 * 60 * 60_000,
        "images.reprocess": 10 * 60_000,
        "mail.outbox": 30_000,
        "studio.publish-scheduled": 20_000,
        "notifications.fan-out": 15_000,
      }
      const { rows: runs } = await client.query<{
        name: string
        holder: string
        period_start: Date
        started_at: Date
        finished_at: Date | null
        outcome: string
      }>("select * from job_runs order by name, started_at")
      expect([...new Set(runs.map((run) => run.name))].sort()).toEqual(
        Object.keys(intervals).sort(),
      )
      const summary: string[] = []
      for (const [name, intervalMs] of Object.entries(intervals)) {
        const own = runs.filter((run) => run.name === name)
        const finished = own.filter((run) => run.outcome === "ok" || run.outcome === "failed")
        const periods = new Map<number, number>()
        for (const run of finished) {
          const key = run.period_start.getTime()
          periods.set(key, (periods.get(key) ?? 0) + 1)
        }
        // Exactly one finished run per period, periods at least an interval apart, and no more
        // periods than the time the cluster ran allows.
        expect([...periods.values()], name).toEqual(finished.map(() => 1))
        const starts = finished.map((run) => run.started_at.getTime())
        for (let i = 1; i < starts.length; i++)
          expect(starts[i]! - starts[i - 1]!, name).toBeGreaterThanOrEqual(intervalMs)
        expect(finished.length, name).toBeGreaterThanOrEqual(1)
        expect(finished.length, name).toBeLessThanOrEqual(Math.floor(elapsedMs / intervalMs) + 1)
        // A run not finished is one the killed replica was doing; none was left by a live one.
        for (const run of own.filter((r) => !finished.includes(r)))
          expect(run.holder, name).toContain(`:${killedPid}:`)
        summary.push(`${name} ${finished.length}`)
      }
      // The leases taken are the runs recorded, and the stopped replicas hold none.
      const { rows: leases } = await client.query<{ name: string; runs: number; held: boolean }>(
        "select name, runs, leased_until > now() as held from job_leases order by name",
      )
      for (const lease of leases) {
        expect(lease.runs, lease.name).toBe(runs.filter((run) => run.name === lease.name).length)
        expect(lease.held, lease.name).toBe(false)
      }
      console.log(
        `finished job runs over ${(elapsedMs / 1000).toFixed(0)} s: ${summary.join(", ")}`,
      )
    } finally {
      await client.end()
    }
    console.log(
      `replicas: ${BUYERS} buyers over 3 replicas, one killed at buyer ${KILL_AFTER}; failures ${failures.length}`,
    )
  }, 600_000)
})
