import { readFileSync } from "node:fs"
import { sql } from "drizzle-orm"
import { rowsOf, type Database } from "../../db/client.ts"

const journalUrl = new URL("../../db/migrations/meta/_journal.json", import.meta.url)

/** The newest migration this build ships, as drizzle records it (`when` of the last entry). */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(journalUrl, "utf8")) as { entries: { when: number }[] }
  return Math.max(...journal.entries.map((entry) => entry.when))
}

export type Readiness = { ready: true } | { ready: false; reason: "database" | "migrations" }

/** Ready when the database answers and holds every migration this build ships. */
export async function checkReadiness(db: Database, expected: number): Promise<Readiness> {
  let applied: number
  try {
    const rows = await rowsOf<{ latest: string | null }>(
      db,
      sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    )
    applied = Number(rows[0]?.latest ?? 0)
  } catch {
    return { ready: false, reason: "database" }
  }
  return applied >= expected ? { ready: true } : { ready: false, reason: "migrations" }
}
