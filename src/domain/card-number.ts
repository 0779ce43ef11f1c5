import { saoPauloDate, type Instant } from "./dates.ts"

/** Card-number rules checked in the browser before the number goes to the card provider. */

export type CardBrand = "amex" | "visa" | "master" | "diners" | "elo"

/** Luhn (mod 10) checksum over the digits; mask spaces are ignored. */
export function isLuhnValid(number: string): boolean {
  const digits = number.replace(/[\s-]/g, "")
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Elo's issuer ranges (six-digit BINs); several sit inside Visa's 4 and Discover's 65. */
const ELO_BINS: ReadonlyArray<readonly [number, number]> = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650920],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
]

/**
 * The brand from the number's leading digits, so it works while the number is being typed
 * (Elo needs six digits). Null when no supported brand matches.
 */
export function cardBrand(number: string): CardBrand | null {
  const digits = number.replace(/\D/g, "")
  if (digits.length >= 6) {
    const bin = Number(digits.slice(0, 6))
    if (ELO_BINS.some(([from, to]) => bin >= from && bin <= to)) return "elo"
  }
  if (/^3[47]/.test(digits)) return "amex"
  if (/^(30[0-5]|3[689])/.test(digits)) return "diners"
  if (/^4/.test(digits)) return "visa"
  const four = Number(digits.slice(0, 4))
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && four >= 2221 && four <= 2720)) {
    return "master"
  }
  return null
}

/** "MM/AA" (slash optional) to month 1-12 and a four-digit year; null when unreadable. */
export function parseCardExpDate(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/?(\d{2})$/.exec(value.trim())
  if (!match) return null
  const month = Number(match[1])
  if (month < 1 || month > 12) return null
  return { month, year: 2000 + Number(match[2]) }
}

/** A card works through the last day of its expiry month, on the São Paulo calendar. */
export function isCardExpDateValid(value: string, now: Instant = new Date()): boolean {
  const expiry = parseCardExpDate(value)
  if (!expiry) return false
  const today = saoPauloDate(now)
  return expiry.year * 12 + expiry.month >= today.year * 12 + today.month
}
