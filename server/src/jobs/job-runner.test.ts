import { asc, eq } from "drizzle-orm"
import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../test/test-app.ts"
import { jobLeases, jobRuns } from "../db/schema-billing.ts"
import { finishLease, takeLease } from "./job-lease.repository.ts"
import { createJobRunner, type Job } from "./job-runner.ts"

let t: TestApp
const log = pino({ level: "silent" })

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const minute = 60_000

function countingJob(name: string, intervalMs = 10 * minute) {
  const job = {
    name,
    intervalMs,
    runs: 0,
    async run() {
      job.runs++
      // Long enough for the other runner to try while this one works.
      await new Promise((resolve) => setTimeout(resolve, 20))
    },
  }
  return job
}

/** A job whose runs last until the test lets them finish. */
function blockedJob(name: string, intervalMs = minute) {
  const waiting: Array<() => void> = []
  const job = {
    name,
    intervalMs,
    maxRunMs: 5 * minute,
    runs: 0,
    finish: () => waiting.splice(0).forEach((resolve) => resolve()),
    run() {
      job.runs++
      return new Promise<void>((resolve) => waiting.push(resolve))
    },
  }
  return job
}

const runner = (jobs: Job[], holder: string) =>
  createJobRunner({ db: t.db, clock: t.clock, log, jobs, holder })

const runsOf = (name: string) =>
  t.db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(asc(jobRuns.startedAt))
const leaseOf = async (name: string) =>
  (await t.db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0]!
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe("leased jobs", () => {
  it("two runners racing (two replicas) run a job once per interval, each run recorded", async () => {
    const job = countingJob("teste.corrida")
    const replicas = ["replica-a", "replica-b", "replica-c"].map((holder) => runner([job], holder))
    const ran = await Promise.all(replicas.map((replica) => replica.runDue()))
    expect(job.runs).toBe(1)
    expect(ran.flat()).toEqual(["teste.corrida"])

    t.clock.advance(5 * minute)
    await Promise.all(replicas.map((replica) => replica.runDue()))
    expect(job.runs).toBe(1)

    t.clock.advance(5 * minute)
    await Promise.all(replicas.map((replica) => replica.runDue()))
    expect(job.runs).toBe(2)

    const runs = await runsOf("teste.corrida")
    expect(runs.map((run) => run.outcome)).toEqual(["ok", "ok"])
    expect(runs.every((run) => run.finishedAt !== null)).toBe(true)
    // One finished run per period, the periods an interval apart.
    expect(runs[1]!.periodStart.getTime() - runs[0]!.periodStart.getTime()).toBe(10 * minute)
    expect(await leaseOf("teste.corrida")).toMatchObject({ runs: 2 })
  })

  it("takes a lease only when the period is due and nobody runs it", async () => {
    const now = t.clock.now()
    const lease = { name: "teste.lease", now, lockedUntil: new Date(now.getTime() + minute) }
    const first = await takeLease(t.db, { ...lease, holder: "a" })
    expect(first).not.toBeNull()
    expect(await takeLease(t.db, { ...lease, holder: "b" })).toBeNull()
    expect(await takeLease(t.db, { ...lease, holder: "a" })).toBeNull()
    await finishLease(t.db, {
      name: "teste.lease",
      holder: "a",
      runId: first!.runId,
      now,
      nextDue: new Date(now.getTime() + 2 * minute),
      ok: true,
    })
    // Free, but this period has had its run.
    expect(await takeLease(t.db, { ...lease, holder: "b" })).toBeNull()
    const later = new Date(now.getTime() + 2 * minute)
    const second = await takeLease(t.db, {
      name: "teste.lease",
      holder: "b",
      now: later,
      lockedUntil: new Date(later.getTime() + minute),
    })
    expect(second?.periodStart).toEqual(later)
    // Refused attempts are not counted: two leases taken.
    expect(await leaseOf("teste.lease")).toMatchObject({ holder: "b", runs: 2 })
  })

  it("does not start a run while another replica's run is still going, however long it takes", async () => {
    const job = blockedJob("teste.longo")
    const a = runner([job], "replica-a")
    const b = runner([job], "replica-b")
    const first = a.runDue()
    await settle()
    t.clock.advance(2 * minute)
    expect(await b.runDue()).toEqual([])
    job.finish()
    expect(await first).toEqual(["teste.longo"])
    // Due again (its interval ran out meanwhile): the next run is the other replica's.
    const next = b.runDue()
    await settle()
    job.finish()
    expect(await next).toEqual(["teste.longo"])
    expect(job.runs).toBe(2)
  })

  it("a killed replica's lock lapses after the job's longest run, and the period is run then", async () => {
    const now = t.clock.now()
    const dead = await takeLease(t.db, {
      name: "teste.morto",
      holder: "replica-morta",
      now,
      lockedUntil: new Date(now.getTime() + 5 * minute),
    })
    expect(dead).not.toBeNull()
    const job = countingJob("teste.morto", minute)
    const b = runner([job], "replica-b")
    t.clock.advance(4 * minute)
    expect(await b.runDue()).toEqual([])
    t.clock.advance(2 * minute)
    expect(await b.runDue()).toEqual(["teste.morto"])
    const runs = await runsOf("teste.morto")
    expect(runs.map((run) => [run.holder, run.outcome])).toEqual([
      ["replica-morta", "running"],
      ["replica-b", "ok"],
    ])
    // The killed run never finished: its period is the one the survivor ran.
    expect(runs[1]!.periodStart).toEqual(runs[0]!.periodStart)
  })

  it("shutting down mid-run releases the lease: another replica runs that period at once", async () => {
    const job = blockedJob("teste.encerrando", 10 * minute)
    const leaving = runner([job], "replica-saindo")
    const staying = runner([job], "replica-ficando")
    const pass = leaving.runDue()
    await settle()
    expect(job.runs).toBe(1)
    await leaving.stop(50)
    expect(await leaseOf("teste.encerrando")).toMatchObject({ holder: "replica-saindo" })

    const takeover = staying.runDue()
    await settle()
    expect(job.runs).toBe(2)
    job.finish()
    expect(await takeover).toEqual(["teste.encerrando"])
    // The leaving process's run ending late records nothing more.
    await pass
    const runs = await runsOf("teste.encerrando")
    expect(runs.map((run) => [run.holder, run.outcome])).toEqual([
      ["replica-saindo", "released"],
      ["replica-ficando", "ok"],
    ])
    expect(runs[0]!.finishedAt).toBeNull()
    expect(runs[1]!.periodStart).toEqual(runs[0]!.periodStart)
    expect(await leaseOf("teste.encerrando")).toMatchObject({ holder: "replica-ficando" })
    expect(await leaving.runDue()).toEqual([])
  })

  it("a stop waits for a run that finishes in time, which then counts as the period's", async () => {
    const job = blockedJob("teste.a-tempo")
    const a = runner([job], "replica-a")
    const pass = a.runDue()
    await settle()
    const stopped = a.stop(5_000)
    job.finish()
    await stopped
    await pass
    expect((await runsOf("teste.a-tempo")).map((run) => run.outcome)).toEqual(["ok"])
  })

  it("a failing job is logged, recorded as failed, and does not stop the others", async () => {
    const broken: Job = {
      name: "teste.quebrado",
      intervalMs: minute,
      run: async () => {
        throw new Error("falhou")
      },
    }
    const fine = countingJob("teste.seguinte", minute)
    const ran = await runner([broken, fine], "replica-a").runDue()
    expect(ran).toEqual(["teste.quebrado", "teste.seguinte"])
    expect(fine.runs).toBe(1)
    expect((await runsOf("teste.quebrado")).map((run) => run.outcome)).toEqual(["failed"])
  })
})
