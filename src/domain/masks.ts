import { cardBrand } from "./card-number.ts"

/**
 * Input masks as react-imask options, so a field spreads one into <IMaskInput {...masks.phone} />.
 * In a pattern "0" is a digit and other characters are fixed; `definitions` adds placeholders.
 */
export interface PatternMask {
  mask: string
  definitions?: Record<string, RegExp>
}

/** Several patterns; react-imask picks the one the typed value fits (CPF until it overflows). */
export interface DynamicMask {
  mask: PatternMask[]
}

// Instagram handles: letters, digits, dot and underscore, at most 30, after a fixed "@".
const INSTAGRAM_CHAR = /[A-Za-z0-9._]/

const cpf: PatternMask = { mask: "000.000.000-00" }
// The alphanumeric CNPJ (from July 2026) allows letters in its first twelve places.
const cnpj: PatternMask = { mask: "##.###.###/####-00", definitions: { "#": /[0-9A-Za-z]/ } }

export const masks = {
  instagram: { mask: `@${"c".repeat(30)}`, definitions: { c: INSTAGRAM_CHAR } },
  phone: { mask: "(00) 00000-0000" },
  zipcode: { mask: "00000-000" },
  cpf,
  cnpj,
  person: { mask: [cpf, cnpj] },
  birthDate: { mask: "00/00/0000" },
  cardNumber: { mask: "0000 0000 0000 0000" },
  cardNumberAmex: { mask: "0000 000000 00000" },
  cardNumberDiners: { mask: "0000 000000 0000" },
  cardExpDate: { mask: "00/00" },
  cvv: { mask: "0000" },
  code: { mask: "000000" },
} as const satisfies Record<string, PatternMask | DynamicMask>

/** The card-number mask for what has been typed so far: Amex 15 digits, Diners 14, others 16. */
export function cardNumberMask(number: string): PatternMask {
  const brand = cardBrand(number)
  if (brand === "amex") return masks.cardNumberAmex
  if (brand === "diners") return masks.cardNumberDiners
  return masks.cardNumber
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "")
}
