import type { payments, subscriptions } from "./schema-billing.ts"
import type { medias, plans, profiles, stories } from "./schema.ts"

/** Rows that several modules read, typed once from the schema. */
export type ProfileRow = typeof profiles.$inferSelect
export type StoryRow = typeof stories.$inferSelect
export type MediaRow = typeof medias.$inferSelect
export type SubscriptionRow = typeof subscriptions.$inferSelect
export type PaymentRow = typeof payments.$inferSelect
export type PlanRow = typeof plans.$inferSelect
