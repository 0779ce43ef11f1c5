import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../test/test-app.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe("paths the router refuses before any route runs", () => {
  it("answers an over-long path parameter in pt-BR", async () => {
    const res = await t.inject({ url: `/v1/profile/${"z".repeat(150)}` })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({
      message: "O endereço pedido é longo demais.",
      code: "uri_too_long",
    })
  })

  it("answers a broken percent-encoding in pt-BR", async () => {
    const res = await t.inject({ url: "/v1/profile/%E0%A4%A" })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: "Endereço inválido.", code: "bad_url" })
  })
})
