import { randomUUID } from "node:crypto"
import type { FastifyBaseLogger } from "fastify"
import type { Clock } from "../clock.ts"
import type { Database } from "../db/client.ts"
import { tryLease } from "./job-lease.ts"

export interface Job {
  name: string
  /** At most one run per interval across all replicas. */
  intervalMs: number
  run(): Promise<unknown>
}

export interface JobRunner {
  /** Runs every job whose lease is free; returns the names this runner ran. */
  runDue(): Promise<string[]>
  start(tickMs?: number): void
  stop(): Promise<void>
}

/**
 * Jobs in the server process. Each run first takes the job's lease for its interval, so with N
 * replicas (or two runners racing) a job runs once per interval.
 */
export function createJobRunner(options: {
  db: Database
  clock: Clock
  log: FastifyBaseLogger
  jobs: Job[]
  holder?: string
}): JobRunner {
  const holder = options.holder ?? randomUUID()
  let timer: NodeJS.Timeout | null = null
  let running: Promise<string[]> | null = null

  async function runDue() {
    const ran: string[] = []
    for (const job of options.jobs) {
      const now = options.clock.now()
      const until = new Date(now.getTime() + job.intervalMs)
      let leased: boolean
      try {
        leased = await tryLease(options.db, job.name, holder, now, until)
      } catch (err) {
        options.log.error({ err, job: job.name }, "não foi possível reservar o job")
        continue
      }
      if (!leased) continue
      ran.push(job.name)
      try {
        const result = await job.run()
        options.log.debug({ job: job.name, result }, "job concluído")
      } catch (err) {
        options.log.error({ err, job: job.name }, "job falhou")
      }
    }
    return ran
  }

  return {
    runDue,
    start(tickMs = 30_000) {
      if (timer) return
      const tick = () => {
        if (running) return
        running = runDue().finally(() => {
          running = null
        })
      }
      timer = setInterval(tick, tickMs)
      timer.unref()
      setTimeout(tick, 1_000).unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running
    },
  }
}
