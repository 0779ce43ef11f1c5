import { describe, expect, it } from "vitest"
import { LANDING_TITLE, PAYMENT_EXPIRY_MS, PRODUCT_NAME, QR_CODE_OPTIONS } from "./constants.ts"
import * as errors from "./errors.ts"
import * as messages from "./messages.ts"

describe("user-facing texts", () => {
  it("quote the spec word for word, its spelling included", () => {
    expect(messages.LEAD_SUCCESS).toBe(
      "Recebemos as suas informações. Em breve entraremos em contato para inciarmos o seu cadastro.",
    )
    expect(messages.CANCEL_REDIRECT).toBe(
      "Você será redirecionado a página de cancelamento da sua assinatura.",
    )
    expect(messages.RECEIPT_FILE_NOT_FOUND).toBe(
      "Não conseguimos identificar o arquivo. Abra o link pelo browser chrome e tente novamente.",
    )
    expect(messages.CARD_PAYMENT_ERROR).toBe(
      "Houve um erro ao gerar novo pagamento via Cartão de Crédito",
    )
  })

  it("are non-empty, trimmed and defined once", () => {
    const texts = Object.values(messages)
    for (const text of texts) expect(text.trim()).toBe(text)
    expect(new Set(texts).size).toBe(texts.length)
  })

  it("offer the error fallbacks from errors.ts as the same values", () => {
    expect(errors.UNEXPECTED_ERROR).toBe(messages.UNEXPECTED_ERROR)
    expect(errors.PIX_PAYMENT_ERROR).toBe(messages.PIX_PAYMENT_ERROR)
    expect(errors.SUBSCRIPTION_LOAD_ERROR).toBe("Erro ao carregar os dados de assinatura")
  })
})

describe("constants", () => {
  it("title the landing page with the product name", () => {
    expect(LANDING_TITLE).toBe("Closer - Plataforma de Close Friends")
    expect(LANDING_TITLE.startsWith(PRODUCT_NAME)).toBe(true)
  })

  it("expire payments after exactly one day and render QR codes as the spec says", () => {
    expect(PAYMENT_EXPIRY_MS).toBe(86_400_000)
    expect(QR_CODE_OPTIONS).toEqual({ errorCorrectionLevel: "M", margin: 4, scale: 4, width: 10 })
  })
})
