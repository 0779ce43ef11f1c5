import { describe, expect, it } from "vitest"
import {
  PIX_PAYMENT_ERROR,
  UNEXPECTED_ERROR,
  errorCode,
  errorMessage,
  serverErrorMessage,
} from "./errors.ts"

class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message)
  }
}

describe("errorMessage", () => {
  it("prefers the server message, then the code", () => {
    expect(
      errorMessage({ message: "Plano indisponível", code: "PLAN_UNAVAILABLE" }, PIX_PAYMENT_ERROR),
    ).toBe("Plano indisponível")
    expect(errorMessage({ code: "PLAN_UNAVAILABLE" }, PIX_PAYMENT_ERROR)).toBe("PLAN_UNAVAILABLE")
    expect(errorMessage(new ApiError("Plano indisponível", "PLAN_UNAVAILABLE"))).toBe(
      "Plano indisponível",
    )
    expect(errorMessage(new ApiError("", "PLAN_UNAVAILABLE"))).toBe("PLAN_UNAVAILABLE")
  })

  it("reads the body a wrapper carries before the wrapper's own text", () => {
    const wrapper = {
      message: "Http failure response: 409",
      error: { message: "E-mail em uso", code: "EMAIL_TAKEN" },
    }
    expect(errorMessage(wrapper)).toBe("E-mail em uso")
    expect(errorMessage({ message: "Http failure", error: { code: "EMAIL_TAKEN" } })).toBe(
      "EMAIL_TAKEN",
    )
    expect(errorMessage({ response: { data: { message: "Sem saldo" } } })).toBe("Sem saldo")
    expect(errorMessage({ message: "Http failure", error: {} })).toBe("Http failure")
  })

  it("uses the error text, then the fallback", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe("Failed to fetch")
    expect(errorMessage("Tempo esgotado")).toBe("Tempo esgotado")
    expect(errorMessage(new Error(""), PIX_PAYMENT_ERROR)).toBe(PIX_PAYMENT_ERROR)
    expect(errorMessage(null)).toBe(UNEXPECTED_ERROR)
    expect(errorMessage(42)).toBe("Houve um erro inesperado.")
    expect(errorMessage({ message: "   " })).toBe("Houve um erro inesperado.")
  })
})

describe("errorCode", () => {
  it("finds the server code", () => {
    expect(errorCode(new ApiError("Senha incorreta", "WRONG_PASSWORD"))).toBe("WRONG_PASSWORD")
    expect(errorCode({ error: { code: "EMAIL_TAKEN" } })).toBe("EMAIL_TAKEN")
    expect(errorCode(new Error("x"))).toBeUndefined()
    expect(errorCode(undefined)).toBeUndefined()
  })
})

describe("serverErrorMessage (recovery and payment errors)", () => {
  it("shows the server's message, else its code, else the unexpected-error text", () => {
    const answer = (status: number, body: unknown, message = "") =>
      Object.assign(new Error(message), { status, body })
    expect(
      serverErrorMessage(answer(400, { message: "Código inválido", code: "invalid_code" })),
    ).toBe("Código inválido")
    expect(serverErrorMessage(answer(429, { code: "too_many_requests" }))).toBe("too_many_requests")
    expect(serverErrorMessage(answer(500, {}))).toBe("Houve um erro inesperado.")
    // The client's own pt-BR answer when the network fails.
    expect(
      serverErrorMessage(
        Object.assign(new Error("Não foi possível conectar."), {
          status: 0,
          code: "network_error",
        }),
      ),
    ).toBe("Não foi possível conectar.")
  })

  it("never shows the text of a failure that is not an answer of the API", () => {
    expect(serverErrorMessage(new Error("Failed to fetch"))).toBe("Houve um erro inesperado.")
    expect(serverErrorMessage(new TypeError("x is undefined"), "Outra coisa")).toBe("Outra coisa")
    expect(serverErrorMessage(undefined)).toBe("Houve um erro inesperado.")
  })
})
