import { describe, expect, it } from "vitest"
import { cardBrand, isCardExpDateValid, isLuhnValid, parseCardExpDate } from "./card-number.ts"

describe("isLuhnValid", () => {
  it("accepts the well-known test numbers", () => {
    for (const n of [
      "4111111111111111",
      "5555 5555 5555 4444",
      "378282246310005",
      "30569309025904",
      "6362970000457013",
    ]) {
      expect(isLuhnValid(n), n).toBe(true)
    }
  })

  it("rejects a changed digit and non-digits", () => {
    expect(isLuhnValid("4111111111111112")).toBe(false)
    expect(isLuhnValid("4111-1111-1111-111a")).toBe(false)
    expect(isLuhnValid("")).toBe(false)
  })
})

describe("cardBrand", () => {
  it("recognises the supported brands by their leading digits", () => {
    expect(cardBrand("4111 1111 1111 1111")).toBe("visa")
    expect(cardBrand("5555555555554444")).toBe("master")
    expect(cardBrand("2221000000000009")).toBe("master")
    expect(cardBrand("2720990000000000")).toBe("master")
    expect(cardBrand("378282246310005")).toBe("amex")
    expect(cardBrand("34")).toBe("amex")
    expect(cardBrand("30569309025904")).toBe("diners")
    expect(cardBrand("36")).toBe("diners")
  })

  it("tells Elo apart from Visa and Discover ranges", () => {
    expect(cardBrand("6362970000457013")).toBe("elo")
    expect(cardBrand("4011780000000000")).toBe("elo")
    expect(cardBrand("5067000000000000")).toBe("elo")
    expect(cardBrand("6504210000000000")).toBe("elo")
    expect(cardBrand("4011770000000000")).toBe("visa")
  })

  it("returns null for unsupported or empty numbers", () => {
    expect(cardBrand("6011111111111117")).toBeNull()
    expect(cardBrand("2220")).toBeNull()
    expect(cardBrand("")).toBeNull()
  })
})

describe("card expiry", () => {
  it("reads MM/AA", () => {
    expect(parseCardExpDate("07/29")).toEqual({ month: 7, year: 2029 })
    expect(parseCardExpDate("0729")).toEqual({ month: 7, year: 2029 })
    expect(parseCardExpDate("13/29")).toBeNull()
    expect(parseCardExpDate("7/29")).toBeNull()
  })

  it("stays valid through the last day of its month in São Paulo", () => {
    const lastEvening = "2026-08-01T02:59:00Z" // 31/07/2026 23:59 in São Paulo
    expect(isCardExpDateValid("07/26", lastEvening)).toBe(true)
    expect(isCardExpDateValid("07/26", "2026-08-01T03:00:00Z")).toBe(false)
    expect(isCardExpDateValid("12/25", "2026-01-15T12:00:00Z")).toBe(false)
    expect(isCardExpDateValid("01/27", "2026-12-15T12:00:00Z")).toBe(true)
  })
})
