import { describe, expect, it } from "vitest"
import {
  formatPriceInput,
  parsePriceCents,
  receivingFormSchema,
  studioPlansBody,
  studioPlansFormSchema,
  uploadProblem,
  uploadRefusal,
} from "./studio.ts"

describe("parsePriceCents", () => {
  it("reads prices the way people type them in pt-BR", () => {
    expect(parsePriceCents("29,90")).toBe(2990)
    expect(parsePriceCents("R$ 29,90")).toBe(2990)
    expect(parsePriceCents("30")).toBe(3000)
    expect(parsePriceCents("29,9")).toBe(2990)
    expect(parsePriceCents("1.234,50")).toBe(123450)
    expect(parsePriceCents("1.234")).toBe(123400)
    expect(parsePriceCents("29.90")).toBe(2990)
    expect(parsePriceCents("0,05")).toBe(5)
  })

  it("is null for what is not a price", () => {
    for (const text of ["", "abc", "29,999", "-10", "1,2,3", "12.34.56", "R$"]) {
      expect(parsePriceCents(text), text).toBeNull()
    }
  })

  it("reads back what formatPriceInput writes", () => {
    for (const cents of [500, 2990, 7990, 123456, 1_000_000]) {
      expect(parsePriceCents(formatPriceInput(cents))).toBe(cents)
    }
  })
})

describe("plan schemas", () => {
  it("the form and the request agree on range and on keeping one plan on", () => {
    const form = (price: string, active = true) =>
      studioPlansFormSchema.safeParse({ plans: [{ name: "MONTHLY", active, price }] })
    expect(form("29,90").success).toBe(true)
    expect(form("4,99").success).toBe(false)
    expect(form("10.000,01").success).toBe(false)
    expect(form("", false).success).toBe(false)
    const body = (valueCents: number | null, active = true) =>
      studioPlansBody.safeParse({ plans: [{ name: "MONTHLY", active, valueCents }] })
    expect(body(2990).success).toBe(true)
    expect(body(499).success).toBe(false)
    expect(body(1_000_001).success).toBe(false)
    expect(body(null).success).toBe(false)
    expect(body(2990, false).success).toBe(false)
  })

  it("a plan turned off may keep an empty price", () => {
    const parsed = studioPlansFormSchema.safeParse({
      plans: [
        { name: "MONTHLY", active: true, price: "29,90" },
        { name: "QUARTERLY", active: false, price: "" },
      ],
    })
    expect(parsed.success).toBe(true)
  })
})

describe("receivingFormSchema", () => {
  const parse = (over: object) =>
    receivingFormSchema.safeParse({
      paymentGateway: "iugu",
      pixType: "random",
      pixKey: "",
      migrating: false,
      ...over,
    })

  it("checks the key by its type, and needs one for the Pix-direct gateway", () => {
    expect(parse({}).success).toBe(true)
    expect(parse({ pixType: "person", pixKey: "111.444.777-35" }).success).toBe(true)
    const wrong = parse({ pixType: "person", pixKey: "111.444.777-00" })
    expect(wrong.error?.issues[0]?.message).toBe("Documento inválido")
    const bacen = parse({ paymentGateway: "bacen" })
    expect(bacen.error?.issues[0]?.message).toBe(
      "Cadastre uma chave Pix para receber pelo Pix direto na sua conta.",
    )
  })
})

describe("uploadProblem", () => {
  const mb = 1024 * 1024
  it("lets images up to 10 MB and story videos up to 100 MB go", () => {
    expect(uploadProblem({ type: "image/png", size: 10 * mb }, "image")).toBeNull()
    expect(uploadProblem({ type: "video/mp4", size: 100 * mb }, "story")).toBeNull()
    expect(uploadProblem({ type: "image/jpeg", size: 1 }, "story")).toBeNull()
  })

  it("names what is wrong", () => {
    expect(uploadProblem({ type: "image/png", size: 10 * mb + 1 }, "image")).toBe(
      "A imagem pode ter até 10 MB.",
    )
    expect(uploadProblem({ type: "video/mp4", size: 100 * mb + 1 }, "story")).toBe(
      "O vídeo pode ter até 100 MB.",
    )
    expect(uploadProblem({ type: "video/mp4", size: 1 }, "image")).toBe(
      "Apenas imagens são permitidas.",
    )
    expect(uploadProblem({ type: "application/pdf", size: 1 }, "story")).toBe(
      "Envie um vídeo (MP4 ou WebM) ou uma imagem (JPEG, PNG ou WebP).",
    )
  })
})

describe("uploadRefusal", () => {
  const mb = 1024 * 1024
  it("tells a file too large for its kind from one of a kind the upload does not take", () => {
    expect(uploadRefusal({ type: "video/webm", size: 100 * mb + 1 }, "story")).toEqual({
      reason: "tooLarge",
      kind: "video",
    })
    expect(uploadRefusal({ type: "image/webp", size: 10 * mb + 1 }, "story")).toEqual({
      reason: "tooLarge",
      kind: "image",
    })
    expect(uploadRefusal({ type: "video/mp4", size: 1 }, "image")).toEqual({
      reason: "wrongType",
      message: "Apenas imagens são permitidas.",
    })
    expect(uploadRefusal({ type: "image/png", size: 1 }, "image")).toBeNull()
  })
})
