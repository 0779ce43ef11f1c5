import type { AnalyticsEventName } from "../../../../src/domain/analytics.ts"
import type { ModuleDeps } from "../../deps.ts"
import { createEventsRepository } from "./events.repository.ts"

export function createEventsService(deps: ModuleDeps) {
  const repo = createEventsRepository(deps.db)
  return {
    /**
     * Stores one visit event. An unknown username is kept without a creator rather than
     * refused: the page may be the blocked one, and the event still counts for "error".
     */
    async record(input: { name: AnalyticsEventName; username?: string }, accountId: string | null) {
      const profileId = input.username ? await deps.profileIds.byUsername(input.username) : null
      await repo.insert({ name: input.name, profileId, accountId, now: deps.clock.now() })
      return { recorded: true as const }
    },
  }
}
