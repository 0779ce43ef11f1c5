import type { AnalyticsEventName } from "../../../../src/domain/analytics.ts"
import { analyticsEvents } from "../../db/schema.ts"
import type { ModuleDeps } from "../../deps.ts"
import { findProfileIdByUsername } from "../profiles/profiles.repository.ts"

export function createEventsService(deps: ModuleDeps) {
  return {
    /**
     * Stores one visit event. An unknown username is kept without a creator rather than
     * refused: the page may be the blocked one, and the event still counts for "error".
     */
    async record(input: { name: AnalyticsEventName; username?: string }, accountId: string | null) {
      const profileId = input.username
        ? await findProfileIdByUsername(deps.db, input.username)
        : null
      await deps.db.insert(analyticsEvents).values({
        name: input.name,
        profileId,
        accountId,
        createdAt: deps.clock.now(),
      })
      return { recorded: true as const }
    },
  }
}
