import { and, eq, lt, sql } from "drizzle-orm"
import type { Database } from "../db/client.ts"
import { jobLeases, jobRuns } from "../db/schema-billing.ts"

export interface TakenLease {
  /** The run recorded in job_runs. */
  runId: string
  /** The period this run serves (the `dueAt` it found). */
  periodStart: Date
}

/** Runs are kept this long, for operators (and tests) to count them. */
const keepRunsMs = 30 * 24 * 60 * 60_000

/**
 * Takes the job's lease when its period is due and nobody runs it now, and records the run.
 * One conditional UPSERT: on PostgreSQL the row lock makes a racing replica re-check both
 * conditions and get nothing back.
 */
export async function takeLease(
  db: Database,
  lease: { name: string; holder: string; now: Date; lockedUntil: Date },
): Promise<TakenLease | null> {
  const { name, holder, now, lockedUntil } = lease
  const at = sql`${now.toISOString()}::timestamptz`
  const [row] = await db
    .insert(jobLeases)
    .values({ name, holder, leasedUntil: lockedUntil, dueAt: now, lastRunAt: now, runs: 1 })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, leasedUntil: lockedUntil, lastRunAt: now, runs: sql`${jobLeases.runs} + 1` },
      setWhere: sql`${jobLeases.leasedUntil} <= ${at} and ${jobLeases.dueAt} <= ${at}`,
    })
    .returning({ dueAt: jobLeases.dueAt })
  if (!row) return null
  const [run] = await db
    .insert(jobRuns)
    .values({ name, holder, periodStart: row.dueAt, startedAt: now })
    .returning({ id: jobRuns.id })
  return { runId: run!.id, periodStart: row.dueAt }
}

/**
 * The run ended (well or not): the period is served, the job is next due at `nextDue`, and the
 * lock is free. A holder whose lock lapsed and was taken over leaves the lease alone.
 */
export async function finishLease(
  db: Database,
  lease: { name: string; holder: string; runId: string; now: Date; nextDue: Date; ok: boolean },
): Promise<void> {
  const { name, holder, now } = lease
  await db.transaction(async (tx) => {
    await tx
      .update(jobRuns)
      .set({ finishedAt: now, outcome: lease.ok ? "ok" : "failed" })
      .where(eq(jobRuns.id, lease.runId))
    await tx
      .update(jobLeases)
      .set({ leasedUntil: now, dueAt: lease.nextDue })
      .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
    await tx
      .delete(jobRuns)
      .where(
        and(eq(jobRuns.name, name), lt(jobRuns.startedAt, new Date(now.getTime() - keepRunsMs))),
      )
  })
}

/** The process is going away mid-run: the lock is freed and the period stays due for the others. */
export async function releaseLease(
  db: Database,
  lease: { name: string; holder: string; runId: string; now: Date },
): Promise<void> {
  const { name, holder, now } = lease
  // Not finished: the period's run is still to come, on whichever process takes the lease next.
  await db.update(jobRuns).set({ outcome: "released" }).where(eq(jobRuns.id, lease.runId))
  await db
    .update(jobLeases)
    .set({ leasedUntil: now })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
}
