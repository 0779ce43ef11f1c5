import { decodeJwt } from "jose"

export interface LeakMarkers {
  markers: readonly string[]
  contentMarkers: readonly string[]
  victimIds: readonly string[]
}

const jwtPattern = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g

/** What of the victims' a response carries: their identifiers, file bytes or a session token. */
export function leaksIn(payload: Buffer, secrets: LeakMarkers): string[] {
  const found: string[] = []
  const text = payload.toString("latin1")
  for (const marker of secrets.markers) if (marker && text.includes(marker)) found.push(marker)
  for (const marker of secrets.contentMarkers)
    if (payload.includes(Buffer.from(marker))) found.push(`bytes ${marker}`)
  for (const token of text.match(jwtPattern) ?? []) {
    try {
      const { sub } = decodeJwt(token)
      if (sub && secrets.victimIds.includes(sub)) found.push(`session token of ${sub}`)
    } catch {
      // not a token after all
    }
  }
  return found
}

/**
 * Which of a journey's secrets a log holds, as written or percent-encoded, and any session token
 * at all (a log never needs one). A numeric code counts only standing alone, not inside a
 * timestamp.
 */
export function secretsInLog(log: string, secrets: readonly string[]): string[] {
  const found = new Set<string>()
  for (const secret of secrets) {
    if (!secret) continue
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      const present = /^\d+$/.test(form)
        ? new RegExp(`(?<!\\d)${form}(?!\\d)`).test(log)
        : log.includes(form)
      if (present) found.add(secret)
    }
  }
  for (const token of log.match(jwtPattern) ?? []) found.add(`a token: ${token.slice(0, 24)}...`)
  return [...found]
}
