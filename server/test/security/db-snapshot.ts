import { sql } from "drizzle-orm"
import type { Database } from "../../src/db/client.ts"

/** Counters every request may touch: a refused request still counts against its sender. */
export const alwaysWritten = ["rate_limits"]

export type Snapshot = Record<string, string>

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

export async function tableNames(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rows.map((row) => row.name).filter((name) => !alwaysWritten.includes(name))
}

/**
 * One value per table: its row count, and with `content` a hash of every row too, so an update
 * that keeps the count (a status, a period end, a password) is seen as well.
 */
export async function snapshot(
  db: Database,
  tables: string[],
  options: { content: boolean },
): Promise<Snapshot> {
  const parts = tables.map((table) =>
    options.content
      ? `select '${table}' as t, count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as v from "${table}" x`
      : `select '${table}' as t, count(*)::text as v from "${table}"`,
  )
  const rows = await rowsOf<{ t: string; v: string }>(db, sql.raw(parts.join(" union all ")))
  return Object.fromEntries(rows.map((row) => [row.t, row.v]))
}

/** Tables whose value differs, minus those the caller expected to change. */
export function changedTables(before: Snapshot, after: Snapshot, allowed: readonly string[] = []) {
  return Object.keys(before).filter(
    (table) => before[table] !== after[table] && !allowed.includes(table),
  )
}
