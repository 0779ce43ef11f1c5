import { readFileSync } from "node:fs"
import type { Database } from "../../db/client.ts"
import { createHealthRepository } from "./health.repository.ts"
import { fromProjectRoot } from "../../project-root.ts"

const journalFile = fromProjectRoot("server/src/db/migrations/meta/_journal.json")

/** The newest migration this build ships, as drizzle records it (`when` of the last entry). */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { when: number }[] }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

/** How long /v1/ready waits for the database before saying it is not ready. */
export const readinessTimeoutMs = 2_000

export type Readiness =
  { ready: true } | { ready: false; reason: "database" | "database_timeout" | "migrations" }

/** Ready when the database answers and holds every migration this build ships. */
export async function checkReadiness(db: Database, expected: number): Promise<Readiness> {
  let applied: number
  try {
    applied = await createHealthRepository(db).latestAppliedMigration()
  } catch {
    return { ready: false, reason: "database" }
  }
  return applied >= expected ? { ready: true } : { ready: false, reason: "migrations" }
}

/**
 * `checkReadiness` with a deadline, so a database that does not answer (locked, overloaded, its
 * network gone) gets the balancer a 503 in time instead of a hung probe. One check runs at a time:
 * probes arriving while a slow one is still out wait on it rather than pile queries on the pool.
 */
export function createReadinessProbe(
  db: Database,
  expected: number,
  timeoutMs = readinessTimeoutMs,
) {
  let running: Promise<Readiness> | null = null
  return async function probe(): Promise<Readiness> {
    running ??= checkReadiness(db, expected).finally(() => {
      running = null
    })
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: "database_timeout" }), timeoutMs)
    })
    try {
      return await Promise.race([running, late])
    } finally {
      clearTimeout(timer)
    }
  }
}
