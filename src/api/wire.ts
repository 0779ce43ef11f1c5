import { UNEXPECTED_ERROR } from "../domain/messages.ts"
import { ApiError, type Parser } from "./client.ts"

/**
 * Light checks for the answers the landing and the profile read first (profile, stats,
 * highlights, photos, stories, subscription, session). The server validates each of these
 * answers against the zod schema of src/domain/models.ts before sending it, so the app checks
 * only that it got the kind of JSON it asked for: an HTML page from a proxy or an answer of
 * another API version becomes an error state, not a crash. Full zod (about 25 KB gzip) stays
 * out of the first download; forms and payment answers still parse with zod in their chunks.
 */

/** An answer that is not what the app asked for reads like any unexpected failure. */
export const INVALID_ANSWER_CODE = "invalid_answer"

function invalid(): never {
  throw new ApiError(0, UNEXPECTED_ERROR, INVALID_ANSWER_CODE)
}

function hasFields(data: unknown, fields: readonly string[]): data is Record<string, unknown> {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return false
  return fields.every((field) => field in data)
}

/** A JSON object carrying at least `fields`. */
export function record<T extends object>(...fields: Array<keyof T & string>): Parser<T> {
  return {
    parse: (data) => (hasFields(data, fields) ? (data as T) : invalid()),
  }
}

/** A JSON array whose items are objects carrying at least `fields`. */
export function listOf<T extends object>(...fields: Array<keyof T & string>): Parser<T[]> {
  return {
    parse: (data) =>
      Array.isArray(data) && data.every((item) => hasFields(item, fields))
        ? (data as T[])
        : invalid(),
  }
}

/** A page of a paged list: `{ items, nextCursor }`, its items carrying at least `fields`. */
export function pageOf<T extends object>(
  ...fields: Array<keyof T & string>
): Parser<{ items: T[]; nextCursor: string | null }> {
  const items = listOf<T>(...fields)
  return {
    parse(data) {
      if (!hasFields(data, ["items", "nextCursor"])) return invalid()
      const { nextCursor } = data
      if (nextCursor !== null && typeof nextCursor !== "string") return invalid()
      return { items: items.parse(data.items), nextCursor }
    },
  }
}

/** `null`, or what `parser` accepts. */
export function nullable<T>(parser: Parser<T>): Parser<T | null> {
  return { parse: (data) => (data === null ? null : parser.parse(data)) }
}

/** Answers whose body the app does not read (an acknowledgement). */
export const anyAnswer: Parser<unknown> = { parse: (data) => data }
