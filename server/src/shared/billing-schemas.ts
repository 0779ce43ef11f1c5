import { z } from "zod"
import { payerAddressSchema } from "../../../src/domain/boleto.ts"
import { fields, messages } from "../../../src/domain/validation.ts"
import { ErrorBodySchema, errorResponses } from "../api-schemas.ts"

/** 502 (gateway down) and 503 (gateway not configured) besides the usual client errors. */
export const gatewayErrors = { 502: ErrorBodySchema, 503: ErrorBodySchema }
export { errorResponses }
/** The rate limit of each purchase call. */
export const checkoutLimit = { rateLimit: { max: 60, timeWindow: 10 * 60_000 } }
/** The answers a purchase call may give besides 200. */
export const checkoutErrors = {
  ...errorResponses(400, 401, 403, 404, 409, 422, 429),
  ...gatewayErrors,
}

const text = (max: number) =>
  z.string({ error: messages.generic }).trim().min(1, messages.required).max(max, messages.generic)

export const planRefFields = {
  /** The plan's id, as in the profile's `plans`. */
  planId: text(64).optional(),
  /** MONTHLY, QUARTERLY or SEMIANNUAL, in any case. */
  planName: text(20).optional(),
  /** A coupon code: a discount on the first period (see GET /{username}/coupons/{code}). */
  coupon: fields.coupon.optional(),
}

const cardFields = {
  /** Single-use token from iugu.js (or the sandbox's payment_token). */
  creditCardToken: text(200).optional(),
  /** A card saved before (GET /iugu/cards). */
  paymentMethodId: text(100).optional(),
  accountName: fields.name.optional(),
  accountDocument: fields.person.optional(),
  cardHolderName: fields.cardHolderName.optional(),
}

/** A new buyer's e-mail, typed twice (spec §5); a confirmation that differs is refused with 422. */
const buyerEmailFields = {
  email: fields.email.optional(),
  confirmEmail: fields.confirmEmail.optional(),
}

export const iuguCardBody = z.object({
  ...buyerEmailFields,
  ...planRefFields,
  ...cardFields,
  sessionId: z.string().max(200, messages.generic).optional(),
  cardBin: z
    .string()
    .regex(/^\d{6,8}$/, messages.generic)
    .optional(),
  cardEnd: z
    .string()
    .regex(/^\d{4}$/, messages.generic)
    .optional(),
  typeAuth: z.enum(["new_user", "existing_user"]).optional(),
  /** Bot check; needed when the call creates the buyer's account. */
  token: z.string().max(4096, messages.generic).optional(),
})

export const iuguPixBody = z.object({
  ...buyerEmailFields,
  ...planRefFields,
  /** Pix Automático: the same QR pays this period and authorises the next debits. */
  automaticPix: z.boolean().optional(),
  /** The payer's name and CPF/CNPJ, required with automaticPix. */
  accountName: fields.name.optional(),
  accountDocument: fields.person.optional(),
  typeAuth: z.enum(["new_user", "existing_user"]).optional(),
  token: z.string().max(4096, messages.generic).optional(),
})

export const planBody = z.object(planRefFields)

export const boletoBody = z.object({
  ...planRefFields,
  /** The payer's name, CPF/CNPJ and address: no bank registers a boleto without them. */
  accountName: fields.name.optional(),
  accountDocument: fields.person.optional(),
  address: payerAddressSchema.optional(),
})

export const creditBody = z.object({
  ...planRefFields,
  ...cardFields,
  birthdate: fields.birthDate.optional(),
})

export const updateCardBody = z.object({
  creditCardToken: text(200),
  accountName: fields.name.optional(),
  accountDocument: fields.person.optional(),
  birthdate: fields.birthDate.optional(),
})

export const idParams = z.object({ id: z.string().max(64) })
export const paymentIdParams = z.object({ paymentId: z.string().max(64) })
export const receiptsQuery = z.object({ status: z.enum(["analyzing", "all"]).default("analyzing") })

export const idempotencyNote =
  "Envie `Idempotency-Key` (8 a 100 caracteres) para repetir a chamada com segurança: a primeira resposta é devolvida de novo; a mesma chave com outros dados responde 422."
