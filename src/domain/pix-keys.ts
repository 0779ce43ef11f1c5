import { isValidCnpj, isValidCpf, normalizeDocument } from "./documents.ts"
import type { PixKeyType } from "./models.ts"

/** BCB's DICT e-mail rule (wider than the sign-up form's): lower case, at most 77 characters. */
const PIX_EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const E164 = /^\+[1-9]\d{1,14}$/

/**
 * A Brazilian phone typed any common way ("(11) 98765-4321", "11 98765 4321", "+55 11 ...",
 * "5511...") as the key's "+55" + DDD + number form; other input is returned unchanged.
 */
export function normalizePixPhone(value: string): string {
  const digits = value.replace(/\D/g, "")
  if (digits.length === 10 || digits.length === 11) return `+55${digits}`
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) return `+${digits}`
  return value.trim()
}

/** The form a key is registered in: documents without mask, e-mail and EVP lower-cased, phones as +55... */
export function normalizePixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case "person":
      return normalizeDocument(key)
    case "phone":
      return normalizePixPhone(key)
    case "email":
    case "random":
      return key.trim().toLowerCase()
  }
}

/** Whether an already normalised key has its type's exact format (payments.md, "Pix keys"). */
export function isValidPixKey(type: PixKeyType, key: string): boolean {
  switch (type) {
    case "person":
      return (
        (/^\d{11}$/.test(key) && isValidCpf(key)) ||
        (/^[0-9A-Z]{12}\d{2}$/.test(key) && isValidCnpj(key))
      )
    case "phone":
      return E164.test(key)
    case "email":
      return key.length <= 77 && PIX_EMAIL.test(key)
    case "random":
      return EVP.test(key)
  }
}

export const PIX_KEY_TYPE_LABELS: Readonly<Record<PixKeyType, string>> = {
  random: "aleatória",
  phone: "Celular",
  email: "E-mail",
  person: "CPF/CNPJ",
}

/** The pt-BR name of a Pix key type; an unknown type is shown as given. */
export function pixKeyTypeLabel(type: string): string {
  return (PIX_KEY_TYPE_LABELS as Record<string, string>)[type] ?? type
}
