/** Money is integer cents everywhere; these functions convert and format only at the edge. */

/**
 * 123456 -> "R$ 1.234,56", with a non-breaking space (U+00A0) after "R$": exactly what
 * `Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })` writes (money.test.ts
 * compares them), without it. The first pt-BR Intl formatter a page makes loads the browser's
 * locale data, tens of milliseconds on a phone, and the profile and the checkout show prices
 * in their very first render.
 */
export function formatBRL(cents: number): string {
  const whole = Math.round(Math.abs(cents))
  const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ".")
  const centavos = String(whole % 100).padStart(2, "0")
  return `${cents < 0 && whole > 0 ? "-" : ""}R$\u00a0${reais},${centavos}`
}

export function centsToReais(cents: number): number {
  return cents / 100
}

/**
 * 19.99 -> 1999. Multiplying by 100 in floating point gives 1998.9999999999998 or, for 1.005,
 * 100.49999999999999; shifting the decimal point in the number's own text avoids both.
 */
export function reaisToCents(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError(`Valor inválido: ${reais}`)
  const text = String(Math.abs(reais))
  const shifted = text.includes("e") ? Math.abs(reais) * 100 : Number(`${text}e2`)
  const cents = Math.round(shifted)
  return reais < 0 && cents !== 0 ? -cents : cents
}
