import { useEffect } from "react"
import { sendEvent } from "../api/events.ts"
import type { AnalyticsEventName } from "../domain/analytics.ts"

/**
 * The visit events of spec §4, all through here. A lost event must never disturb the person,
 * so failures (an old server without the sink, no network) are ignored.
 */
export function track(name: AnalyticsEventName, username?: string): void {
  sendEvent({ name, ...(username ? { username } : {}) }).catch(() => undefined)
}

/** Logs a visit once per page and creator. */
export function useTrackVisit(name: AnalyticsEventName, username?: string): void {
  useEffect(() => {
    track(name, username)
  }, [name, username])
}
