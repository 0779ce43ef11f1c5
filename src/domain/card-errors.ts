import { UNEXPECTED_ERROR } from "./messages.ts"

// The card form takes the brand from here with the token errors; the rule lives with the number rules.
export { cardBrand, type CardBrand } from "./card-number.ts"

/** The card provider's tokenisation error keys and the text each shows (spec §5). */
export const CARD_TOKEN_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  number: "Número do cartão inválido",
  record_invalid: "Número do cartão inválido",
  expiration: "Data de expiração inválida",
  verification_value: "Código de segurança inválido",
  first_name: "Primeiro nome do titular inválido",
  last_name: "Sobrenome do titular inválido",
}

// Report the field the buyer meets first in the form when several fail at once.
const PRIORITY = Object.keys(CARD_TOKEN_ERROR_MESSAGES)

function text(value: unknown): string | null {
  if (typeof value === "string" && value.trim()) return value.trim()
  if (Array.isArray(value)) return value.map(text).find((t) => t !== null) ?? null
  return null
}

/**
 * One message for a failed card tokenisation. Takes the provider's `errors` object (or the
 * whole response holding it, or a bare error key/text): a known key gives the spec's pt-BR
 * text, an unknown one the provider's own text; nothing readable gives the generic error.
 */
export function cardTokenErrorMessage(errors: unknown): string {
  if (typeof errors === "string") {
    return CARD_TOKEN_ERROR_MESSAGES[errors] ?? text(errors) ?? UNEXPECTED_ERROR
  }
  if (typeof errors !== "object" || errors === null) return UNEXPECTED_ERROR
  const record = errors as Record<string, unknown>
  if ("errors" in record && typeof record.errors !== "undefined") {
    return cardTokenErrorMessage(record.errors)
  }
  const known = PRIORITY.find((key) => key in record)
  if (known) return CARD_TOKEN_ERROR_MESSAGES[known] ?? UNEXPECTED_ERROR
  for (const value of Object.values(record)) {
    const own = text(value)
    if (own) return own
  }
  return UNEXPECTED_ERROR
}
