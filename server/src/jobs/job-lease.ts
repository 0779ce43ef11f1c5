import { sql } from "drizzle-orm"
import type { Database } from "../db/client.ts"
import { jobLeases } from "../db/schema-billing.ts"

/**
 * Takes the job's lease until `until` when nobody holds it now. One conditional UPSERT: on
 * PostgreSQL the row lock makes a racing replica re-check `leased_until` and get nothing back.
 */
export async function tryLease(
  db: Database,
  name: string,
  holder: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, leasedUntil: until, lastRunAt: now, runs: 1 })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, leasedUntil: until, lastRunAt: now, runs: sql`${jobLeases.runs} + 1` },
      setWhere: sql`${jobLeases.leasedUntil} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ name: jobLeases.name })
  return rows.length > 0
}
