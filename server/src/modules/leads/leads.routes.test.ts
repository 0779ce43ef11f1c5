import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { leads } from "../../db/schema.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let ip = 0
const nextIp = () => `10.2.0.${++ip}`
const valid = {
  instagram: "Bela.Luz",
  email: "Bela@Exemplo.com.br",
  whatsapp: "(11) 98765-4321",
  token: captchaTokens.valid,
}
const send = (payload: object, remoteAddress = nextIp()) =>
  t.inject({ method: "POST", url: "/v1/performer/lead", payload, remoteAddress })

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe("POST /v1/performer/lead", () => {
  it("stores the lead normalised and answers the spec's success message", async () => {
    const res = await send(valid, "198.51.100.4")
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      message:
        "Recebemos as suas informações. Em breve entraremos em contato para inciarmos o seu cadastro.",
    })
    const [row] = await t.db.select().from(leads).where(eq(leads.email, "bela@exemplo.com.br"))
    expect(row).toMatchObject({
      instagram: "@bela.luz",
      whatsapp: "11987654321",
      ip: "198.51.100.4",
    })
  })

  it("answers each field's pt-BR message and stores nothing", async () => {
    const before = await t.db.$count(leads)
    const cases = [
      [{ ...valid, instagram: "" }, "instagram", "Obrigatório"],
      [{ ...valid, instagram: "@ab" }, "instagram", "Inválido"],
      [{ ...valid, email: "bela@" }, "email", "Email inválido"],
      [{ ...valid, whatsapp: undefined }, "whatsapp", "Obrigatório"],
      [{ ...valid, whatsapp: "1234" }, "whatsapp", "Inválido"],
    ] as const
    for (const [payload, field, message] of cases) {
      const res = await send(payload)
      expect(res.statusCode, field).toBe(400)
      expect(res.json()).toEqual({ message, code: "validation_error", field })
    }
    expect(await t.db.$count(leads)).toBe(before)
  })

  it("takes a matching confirmation in any case", async () => {
    const res = await send({
      ...valid,
      email: "duas.vezes@exemplo.com.br",
      confirmEmail: "Duas.Vezes@Exemplo.com.br",
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.$count(leads, eq(leads.email, "duas.vezes@exemplo.com.br"))).toBe(1)
  })

  it("refuses a confirmation that differs with 422 in pt-BR and stores nothing", async () => {
    const before = await t.db.$count(leads)
    const res = await send({ ...valid, confirmEmail: "bela@exmplo.com.br" })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      message: "Os e-mails não conferem",
      code: "email_mismatch",
      field: "confirmEmail",
    })
    const malformed = await send({ ...valid, confirmEmail: "bela@" })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ message: "Email inválido", field: "confirmEmail" })
    expect(await t.db.$count(leads)).toBe(before)
  })

  it("refuses a failed bot check", async () => {
    const res = await send({
      ...valid,
      email: "robo@exemplo.com.br",
      token: captchaTokens.rejected,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe("captcha_failed")
    expect(await t.db.$count(leads, eq(leads.email, "robo@exemplo.com.br"))).toBe(0)
  })

  it("refuses a lead without the anti-forgery header in pt-BR and stores nothing", async () => {
    const before = await t.db.$count(leads)
    for (const attempt of [
      { xsrf: false },
      { xsrf: false, cookies: { "XSRF-TOKEN": "do-navegador" } },
      {
        xsrf: false,
        cookies: { "XSRF-TOKEN": "do-navegador" },
        headers: { "x-xsrf-token": "de-outro-site" },
      },
    ]) {
      const res = await t.inject({
        method: "POST",
        url: "/v1/performer/lead",
        payload: { ...valid, email: "forjada@exemplo.com.br" },
        remoteAddress: nextIp(),
        ...attempt,
      })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({
        message:
          "Não foi possível validar a sua requisição. Recarregue a página e tente novamente.",
        code: "xsrf_rejected",
      })
    }
    expect(await t.db.$count(leads)).toBe(before)
  })

  it("limits leads per IP and per e-mail", async () => {
    const address = nextIp()
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await send({ ...valid, email: `ip${i}@exemplo.com.br` }, address)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])

    const sameEmail = []
    for (let i = 0; i < 4; i++)
      sameEmail.push((await send({ ...valid, email: "repetida@exemplo.com.br" })).statusCode)
    expect(sameEmail).toEqual([200, 200, 200, 429])
  })
})
