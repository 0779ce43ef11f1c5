/** Money is integer cents everywhere; these functions convert and format only at the edge. */

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })

/** 123456 -> "R$ 1.234,56" (Intl puts a non-breaking space, U+00A0, after "R$"). */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100)
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
