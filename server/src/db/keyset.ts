import { sql, type AnyColumn, type SQL } from "drizzle-orm"
import { decodeCursor, encodeCursor, type Page } from "../../../src/domain/cursor.ts"

/**
 * Keyset pages over (created_at, id): each page starts right after the last row of the one
 * before, so a page costs the same however deep it is, and the index on (owner, created_at, id)
 * serves it without a sort.
 */

/** A row's created_at to the microsecond, as the database holds it (a Date keeps milliseconds). */
export const cursorAt = (createdAt: AnyColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** Rows after the cursor's position in the list's direction; no condition without a cursor. */
export function afterCursor(
  createdAt: AnyColumn,
  id: AnyColumn,
  cursor: string | undefined,
  order: "asc" | "desc",
): SQL | undefined {
  const position = cursor ? decodeCursor(cursor) : null
  if (!position) return undefined
  const at = sql`${position.at}::timestamptz`
  const key = sql`${position.id}::uuid`
  return order === "desc"
    ? sql`(${createdAt}, ${id}) < (${at}, ${key})`
    : sql`(${createdAt}, ${id}) > (${at}, ${key})`
}

/** Rows read with `limit + 1`: the page, and the cursor of the next one when that row came. */
export function pageOf<Row extends { at: string }>(
  rows: Row[],
  limit: number,
  idOf: (row: Row) => string,
): Page<Row> {
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: idOf(last) }) : null,
  }
}
