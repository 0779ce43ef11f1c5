/**
 * The fixed names of the models (plans, gateways, payment methods, statuses, key types, roles).
 * They live apart from the zod schemas of models.ts so that code every page runs can use them
 * without downloading zod; models.ts builds its enums from them and exports them too.
 */

export const planNames = ["MONTHLY", "QUARTERLY", "SEMIANNUAL"] as const

export const paymentGateways = ["mercadoPago", "bacen", "mercadoPagoPixOnly", "iugu"] as const

export const paymentMethods = ["pix", "credit_card", "boleto", "link"] as const

export const subscriptionStatuses = [
  "pending",
  "paid",
  "unpaid",
  "canceled",
  "trialing",
  "whitelist",
] as const

export const paymentStatuses = [
  "pending",
  "analyzing",
  "paid",
  "failed",
  "canceled",
  "refunded",
  "overdue",
  "chargedback",
] as const

export const pixKeyTypes = ["random", "phone", "email", "person"] as const

export const roles = ["follower", "performer", "admin"] as const
