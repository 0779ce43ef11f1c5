import type { subscriptions } from "./schema-billing.ts"
import type { medias, profiles, stories } from "./schema.ts"

/** Rows that several modules read, typed once from the schema. */
export type ProfileRow = typeof profiles.$inferSelect
export type StoryRow = typeof stories.$inferSelect
export type MediaRow = typeof medias.$inferSelect
export type SubscriptionRow = typeof subscriptions.$inferSelect
