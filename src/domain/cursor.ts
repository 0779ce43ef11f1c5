import { isUuid } from "./ids.ts"

/**
 * Lists that grow without bound (a creator's photos and stories, her subscribers) come in pages
 * ordered by (createdAt, id). A page's cursor is the position of its last row, handed out as an
 * opaque string: clients pass it back as it came and never build one.
 */

/** The photo grid's pages: four rows of three, more than a phone's first screen shows. */
export const MEDIAS_PAGE_SIZE = 12
/** Stories come oldest first, as the player plays them. */
export const STORIES_PAGE_SIZE = 50
export const SUBSCRIBERS_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 100

export const INVALID_CURSOR_MESSAGE = "Não foi possível continuar a lista. Recarregue a página."
export const INVALID_LIMIT_MESSAGE = `Peça de 1 a ${MAX_PAGE_SIZE} itens por página.`

/** Where a page ends: the exact instant (microseconds, UTC) and the id of its last row. */
export type CursorPosition = { at: string; id: string }

const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

const toBase64Url = (text: string) =>
  btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")

export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(`${position.at}|${position.id}`)
}

/** The position a cursor stands for, or null for anything this API did not hand out. */
export function decodeCursor(cursor: string): CursorPosition | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(cursor)) return null
  let text: string
  try {
    text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"))
  } catch {
    return null
  }
  const [at, id, ...rest] = text.split("|")
  if (rest.length > 0 || !at || !id) return null
  if (!instantPattern.test(at) || Number.isNaN(Date.parse(at)) || !isUuid(id)) return null
  return { at, id }
}

/** A page of a list: its items and the cursor of the next page, null at the end. */
export type Page<T> = { items: T[]; nextCursor: string | null }
