import { z } from "zod"
import type { AnalyticsEventInput } from "../domain/analytics.ts"
import { apiRequest } from "./client.ts"

export const sendEvent = (event: AnalyticsEventInput) =>
  apiRequest("/events", z.unknown(), { method: "POST", body: event })
