import type { AnalyticsEventName } from "../../../../src/domain/analytics.ts"
import type { Executor } from "../../db/client.ts"
import { analyticsEvents } from "../../db/schema.ts"

export function createEventsRepository(db: Executor) {
  return {
    async insert(values: {
      name: AnalyticsEventName
      profileId: string | null
      accountId: string | null
      now: Date
    }) {
      await db.insert(analyticsEvents).values({
        name: values.name,
        profileId: values.profileId,
        accountId: values.accountId,
        createdAt: values.now,
      })
    },
  }
}
