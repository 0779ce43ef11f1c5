import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../testing/test-app.ts"
import { jobLeases } from "../db/schema-billing.ts"
import { tryLease } from "./job-lease.ts"
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

const runner = (jobs: Job[], holder: string) =>
  createJobRunner({ db: t.db, clock: t.clock, log, jobs, holder })

describe("leased jobs", () => {
  it("two runners racing (two replicas) run a job once per interval", async () => {
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
  })

  it("takes a lease only when it is free, whoever held it", async () => {
    const now = t.clock.now()
    const later = new Date(now.getTime() + minute)
    expect(await tryLease(t.db, "teste.lease", "a", now, later)).toBe(true)
    expect(await tryLease(t.db, "teste.lease", "b", now, later)).toBe(false)
    expect(await tryLease(t.db, "teste.lease", "a", now, later)).toBe(false)
    expect(
      await tryLease(t.db, "teste.lease", "b", later, new Date(later.getTime() + minute)),
    ).toBe(true)
    const rows = await t.db.select().from(jobLeases)
    // Refused attempts are not runs: two leases taken, two runs counted.
    expect(rows.find((row) => row.name === "teste.lease")).toMatchObject({ holder: "b", runs: 2 })
  })

  it("a failing job is logged and does not stop the others", async () => {
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
  })
})
