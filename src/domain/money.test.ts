import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { centsToReais, formatBRL, reaisToCents } from "./money.ts"

const NBSP = "\u00A0"

describe("formatBRL", () => {
  it("formats cents as pt-BR reais with a non-breaking space after the symbol", () => {
    expect(formatBRL(123456)).toBe(`R$${NBSP}1.234,56`)
    expect(formatBRL(199)).toBe(`R$${NBSP}1,99`)
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`)
    expect(formatBRL(100000000)).toBe(`R$${NBSP}1.000.000,00`)
  })

  it("keeps two decimals for whole amounts", () => {
    expect(formatBRL(5000)).toBe(`R$${NBSP}50,00`)
  })

  it("does not use an ordinary space", () => {
    expect(formatBRL(100)).not.toContain("R$ ")
  })

  it("writes exactly what Intl's pt-BR currency format writes, for any amount of cents", () => {
    const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        expect(formatBRL(cents)).toBe(intl.format(cents / 100))
      }),
      { numRuns: 2000 },
    )
    for (const cents of [-1, -99, -100, 1, 99, 100, 999, 1000, 99999, 100000])
      expect(formatBRL(cents)).toBe(intl.format(cents / 100))
  })
})

describe("centsToReais", () => {
  it("divides by one hundred", () => {
    expect(centsToReais(1999)).toBe(19.99)
    expect(centsToReais(5)).toBe(0.05)
  })
})

describe("reaisToCents", () => {
  it("rounds away floating-point noise", () => {
    expect(reaisToCents(19.99)).toBe(1999)
    expect(reaisToCents(1.005)).toBe(101)
    expect(reaisToCents(0.1 + 0.2)).toBe(30)
    expect(reaisToCents(1.99)).toBe(199)
    expect(reaisToCents(123.45)).toBe(12345)
  })

  it("handles whole, tiny and negative values", () => {
    expect(reaisToCents(10)).toBe(1000)
    expect(reaisToCents(1e-7)).toBe(0)
    expect(reaisToCents(-19.99)).toBe(-1999)
  })

  it("round-trips every cent value from 0 to 10000", () => {
    for (let cents = 0; cents <= 10000; cents++) {
      expect(reaisToCents(centsToReais(cents))).toBe(cents)
    }
  })

  it("rejects non-finite input", () => {
    expect(() => reaisToCents(Number.NaN)).toThrow(RangeError)
  })
})
