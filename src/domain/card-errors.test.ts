import { describe, expect, it } from "vitest"
import { cardBrand, cardTokenErrorMessage } from "./card-errors.ts"

describe("cardTokenErrorMessage", () => {
  it("maps each provider key to the spec text", () => {
    expect(cardTokenErrorMessage({ expiration: "is invalid" })).toBe("Data de expiração inválida")
    expect(cardTokenErrorMessage({ first_name: "is invalid" })).toBe(
      "Primeiro nome do titular inválido",
    )
    expect(cardTokenErrorMessage({ last_name: "is invalid" })).toBe("Sobrenome do titular inválido")
    expect(cardTokenErrorMessage({ number: "is invalid" })).toBe("Número do cartão inválido")
    expect(cardTokenErrorMessage({ verification_value: "is invalid" })).toBe(
      "Código de segurança inválido",
    )
    expect(cardTokenErrorMessage({ record_invalid: "Validation failed" })).toBe(
      "Número do cartão inválido",
    )
  })

  it("reads the errors inside a whole response, and bare keys", () => {
    expect(cardTokenErrorMessage({ errors: { number: ["is invalid"] } })).toBe(
      "Número do cartão inválido",
    )
    expect(cardTokenErrorMessage("expiration")).toBe("Data de expiração inválida")
  })

  it("reports the number before the other fields when several fail", () => {
    expect(cardTokenErrorMessage({ last_name: "x", verification_value: "x", number: "x" })).toBe(
      "Número do cartão inválido",
    )
  })

  it("shows the provider's own text for unknown keys", () => {
    expect(cardTokenErrorMessage({ account_id: "Conta não encontrada" })).toBe(
      "Conta não encontrada",
    )
    expect(cardTokenErrorMessage({ errors: { base: ["Cartão bloqueado"] } })).toBe(
      "Cartão bloqueado",
    )
    expect(cardTokenErrorMessage("Serviço indisponível")).toBe("Serviço indisponível")
  })

  it("falls back to the generic error when nothing is readable", () => {
    expect(cardTokenErrorMessage(undefined)).toBe("Houve um erro inesperado.")
    expect(cardTokenErrorMessage({})).toBe("Houve um erro inesperado.")
    expect(cardTokenErrorMessage({ base: 42 })).toBe("Houve um erro inesperado.")
  })

  it("exposes the brand detection beside it", () => {
    expect(cardBrand("4111111111111111")).toBe("visa")
  })
})
