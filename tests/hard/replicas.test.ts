import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hasAccess } from "../../src/domain/statuses.ts"
import { Buyer } from "./buyer.ts"
import { createDatabase, startCluster } from "./replica-cluster.ts"

const BUYERS = 100
const CONCURRENCY = 10
const KILL_AFTER = 40

let database: Awaited<ReturnType<typeof createDatabase>>
let cluster: Awaited<ReturnType<typeof startCluster>>
let clusterStartedAt = 0

beforeAll(async () => {
  database = await createDatabase("replicas")
  clusterStartedAt = Date.now()
  cluster = await startCluster({ databaseUrl: database.url, replicas: 3, port: 3600 })
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

    const journey = async (buyer: Buyer) => {
      await buyer.open()
      const paymentId = await buyer.checkoutPix("demo")
      await buyer.pay(paymentId)
    }
    const worker = async () => {
      while (started < BUYERS) {
        const buyer = buyers[started]!
        started += 1
        if (started === KILL_AFTER)
          // Mid-run: the second replica dies without warning and comes back a little later.
          killed = cluster
            .kill(1)
            .then(() => new Promise((resolve) => setTimeout(resolve, 2_000)))
            .then(() => cluster.restart(1))
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

      // Every replica (and the restarted one) tried every job; each ran once per its interval.
      const elapsedMs = Date.now() - clusterStartedAt
      const jobs = await client.query<{ name: string; runs: number }>(
        "select name, runs from job_leases order by name",
      )
      const intervals: Record<string, number> = {
        "billing.reconcile": 2 * 60_000,
        "billing.expire-payments": 10 * 60_000,
        "billing.end-periods": 10 * 60_000,
        "billing.renewal-reminders": 60 * 60_000,
        "billing.idempotency-sweep": 60 * 60_000,
        "account.retention": 24 * 60 * 60_000,
      }
      expect(jobs.rows.map((job) => job.name).sort()).toEqual(Object.keys(intervals).sort())
      for (const job of jobs.rows) {
        const periods = Math.floor(elapsedMs / intervals[job.name]!) + 1
        expect(job.runs, job.name).toBeGreaterThanOrEqual(1)
        expect(job.runs, job.name).toBeLessThanOrEqual(periods)
      }
      console.log(
        `jobs over ${(elapsedMs / 1000).toFixed(0)} s: ${jobs.rows.map((j) => `${j.name} ${j.runs}`).join(", ")}`,
      )
    } finally {
      await client.end()
    }
    console.log(
      `replicas: ${BUYERS} buyers over 3 replicas, one killed at buyer ${KILL_AFTER}; failures ${failures.length}`,
    )
  }, 600_000)
})
