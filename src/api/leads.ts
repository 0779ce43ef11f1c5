import type { LeadFormOutput } from "../domain/validation.ts"
import { apiRequest } from "./client.ts"
import { anyAnswer } from "./wire.ts"

export const sendLead = (lead: LeadFormOutput, token: string) =>
  apiRequest("/performer/lead", anyAnswer, { method: "POST", body: { ...lead, token } })
