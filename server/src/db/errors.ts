function hasCode(error: unknown, codes: readonly string[]): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = typeof current === "object" ? (current as { code?: unknown }).code : undefined
    if (typeof code === "string" && codes.includes(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** True when `error` (or the driver error Drizzle wraps in `cause`) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, ["23505"])
}

/** Text PostgreSQL cannot store (U+0000, invalid UTF-8): the client sent it, not our fault. */
export function isInvalidText(error: unknown): boolean {
  return hasCode(error, ["22021", "22P05"])
}
