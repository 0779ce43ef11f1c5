import type { AnalyticsEventInput } from "../domain/analytics.ts"
import { apiRequest } from "./client.ts"
import { anyAnswer } from "./wire.ts"

export const sendEvent = (event: AnalyticsEventInput) =>
  apiRequest("/events", anyAnswer, { method: "POST", body: event })
