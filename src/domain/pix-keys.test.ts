import { describe, expect, it } from "vitest"
import { isValidPixKey, normalizePixKey } from "./pix-keys.ts"

describe("Pix keys", () => {
  it("normalises keys to their registered form", () => {
    expect(normalizePixKey("phone", "(11) 98765-4321")).toBe("+5511987654321")
    expect(normalizePixKey("phone", "+55 11 98765-4321")).toBe("+5511987654321")
    expect(normalizePixKey("person", "111.444.777-35")).toBe("11144477735")
    expect(normalizePixKey("email", " Thales@Me.com ")).toBe("thales@me.com")
    expect(normalizePixKey("random", "123E4567-E12B-12D1-A456-426655440000")).toBe(
      "123e4567-e12b-12d1-a456-426655440000",
    )
  })

  it("accepts each type's exact format", () => {
    expect(isValidPixKey("person", "11144477735")).toBe(true)
    expect(isValidPixKey("person", "11222333000181")).toBe(true)
    expect(isValidPixKey("person", "12ABC34501DE35")).toBe(true)
    expect(isValidPixKey("phone", "+5511987654321")).toBe(true)
    expect(isValidPixKey("email", "thalesog@me.com")).toBe(true)
    expect(isValidPixKey("random", "123e4567-e12b-12d1-a456-426655440000")).toBe(true)
  })

  it("rejects masked, mixed-case or malformed keys", () => {
    expect(isValidPixKey("person", "111.444.777-35")).toBe(false)
    expect(isValidPixKey("person", "12345678900")).toBe(false)
    expect(isValidPixKey("phone", "11987654321")).toBe(false)
    expect(isValidPixKey("phone", "+0511987654321")).toBe(false)
    expect(isValidPixKey("email", "Thales@me.com")).toBe(false)
    expect(isValidPixKey("email", `${"a".repeat(70)}@me.com.br`)).toBe(false)
    expect(isValidPixKey("random", "123E4567-E12B-12D1-A456-426655440000")).toBe(false)
    expect(isValidPixKey("random", "123e4567e12b12d1a456426655440000")).toBe(false)
  })
})
