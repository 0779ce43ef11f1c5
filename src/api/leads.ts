import { z } from "zod"
import type { LeadFormOutput } from "../domain/validation.ts"
import { apiRequest } from "./client.ts"

export const sendLead = (lead: LeadFormOutput, token: string) =>
  apiRequest("/performer/lead", z.unknown(), { method: "POST", body: { ...lead, token } })
