import { z } from "zod"

/**
 * Visit events of spec §4 ("profile, auth, auth email, ... boleto opened"), as sent to
 * POST /v1/events. "checkout" is the checkout page (spec §2), which iugu creators use instead of
 * "payment"; the studio counts both as a checkout started.
 */
export const analyticsEventNames = [
  "profile",
  "auth",
  "auth_email",
  "auth_password",
  "register_password",
  "register_complete",
  "register_success",
  "payment_off",
  "payment",
  "payment_boleto",
  "payment_credit",
  "payment_status",
  "stories",
  "error",
  "boleto_generated",
  "boleto_opened",
  "checkout",
] as const
export const AnalyticsEventNameSchema = z.enum(analyticsEventNames, {
  error: "Evento desconhecido",
})
export type AnalyticsEventName = z.infer<typeof AnalyticsEventNameSchema>

/** Events that count as a visit to the creator's page, and as a checkout started. */
export const VISIT_EVENTS: readonly AnalyticsEventName[] = ["profile"]
export const CHECKOUT_EVENTS: readonly AnalyticsEventName[] = ["payment", "checkout"]

export const analyticsEventBody = z.object({
  name: AnalyticsEventNameSchema,
  /** The creator whose page the visitor is on, without "@". */
  username: z.string().trim().max(60, "Inválido").optional(),
})
export type AnalyticsEventInput = z.input<typeof analyticsEventBody>
