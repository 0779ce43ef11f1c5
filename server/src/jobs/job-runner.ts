import { randomUUID } from "node:crypto"
import { hostname } from "node:os"
import type { FastifyBaseLogger } from "fastify"
import type { Clock } from "../clock.ts"
import type { Database } from "../db/client.ts"
import { finishLease, releaseLease, takeLease } from "./job-lease.repository.ts"

export interface Job {
  name: string
  /** At most one run per interval across all replicas. */
  intervalMs: number
  /** The running lock lapses after this long (10 minutes by default): a killed run is retried. */
  maxRunMs?: number
  run(): Promise<unknown>
}

export interface JobRunner {
  /** Runs every job that is due and not running elsewhere; returns the names this runner ran. */
  runDue(): Promise<string[]>
  start(tickMs?: number): void
  /**
   * Starts nothing more and waits up to `waitMs` for the job running now; a job still running
   * then has its lease released, so another replica takes the period over at once.
   */
  stop(waitMs?: number): Promise<void>
}

const defaultMaxRunMs = 10 * 60_000
export const defaultStopWaitMs = 10_000

/** Names a process in leases and runs: host and pid, so an operator can tell who ran what. */
export const processHolder = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`

/**
 * Jobs in the server process. Each run first takes the job's lease: its period must be due and
 * nobody may be running it, so with N replicas (or two runners racing) a job runs once per
 * interval. Every run is recorded in job_runs.
 */
export function createJobRunner(options: {
  db: Database
  clock: Clock
  log: FastifyBaseLogger
  jobs: Job[]
  holder?: string
}): JobRunner {
  const { db, clock, log } = options
  const holder = options.holder ?? processHolder()
  let timer: NodeJS.Timeout | null = null
  let firstTick: NodeJS.Timeout | null = null
  let running: Promise<string[]> | null = null
  let stopping = false
  let current: { name: string; runId: string; released: boolean } | null = null

  async function runOne(job: Job): Promise<boolean> {
    const now = clock.now()
    let lease
    try {
      lease = await takeLease(db, {
        name: job.name,
        holder,
        now,
        lockedUntil: new Date(now.getTime() + (job.maxRunMs ?? defaultMaxRunMs)),
      })
    } catch (err) {
      log.error({ err, job: job.name }, "não foi possível reservar o job")
      return false
    }
    if (!lease) return false
    const run = { name: job.name, runId: lease.runId, released: false }
    current = run
    let ok = true
    try {
      const result = await job.run()
      log.debug({ job: job.name, result }, "job concluído")
    } catch (err) {
      ok = false
      log.error({ err, job: job.name }, "job falhou")
    }
    current = null
    // Released by a shutdown while it ran: the period is another process's now.
    if (run.released) return true
    try {
      await finishLease(db, {
        name: job.name,
        holder,
        runId: lease.runId,
        now: clock.now(),
        // From the start, as the interval promises, however long the run took.
        nextDue: new Date(now.getTime() + job.intervalMs),
        ok,
      })
    } catch (err) {
      log.error({ err, job: job.name }, "não foi possível registrar o fim do job")
    }
    return true
  }

  async function runAll() {
    const ran: string[] = []
    for (const job of options.jobs) {
      if (stopping) break
      if (await runOne(job)) ran.push(job.name)
    }
    return ran
  }

  function runDue() {
    const pass = runAll()
    running = pass
    const clear = () => {
      if (running === pass) running = null
    }
    pass.then(clear, clear)
    return pass
  }

  return {
    runDue,
    start(tickMs = 30_000) {
      if (timer || stopping) return
      const tick = () => {
        if (running || stopping) return
        void runDue()
      }
      timer = setInterval(tick, tickMs)
      timer.unref()
      firstTick = setTimeout(tick, 1_000)
      firstTick.unref()
    },
    async stop(waitMs = defaultStopWaitMs) {
      stopping = true
      if (timer) clearInterval(timer)
      if (firstTick) clearTimeout(firstTick)
      timer = null
      if (!running) return
      let waited: NodeJS.Timeout | undefined
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => {
          waited = setTimeout(() => resolve(false), waitMs)
        }),
      ])
      clearTimeout(waited)
      const unfinished = current
      if (finished || !unfinished) return
      unfinished.released = true
      log.warn({ job: unfinished.name }, "encerrando com o job em andamento: reserva liberada")
      try {
        await releaseLease(db, { ...unfinished, holder, now: clock.now() })
      } catch (err) {
        log.error({ err, job: unfinished.name }, "não foi possível liberar o job")
      }
    },
  }
}
