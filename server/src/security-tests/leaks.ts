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
