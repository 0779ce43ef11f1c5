import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accounts, leads } from "../../db/schema.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { productionScrypt } from "../../adapters/passwords/passwords.ts"

let t: TestApp

beforeAll(async () => {
  // Production's cost, which made every guest checkout spend seconds of CPU on a random password.
  t = await createTestApp({ config: { scrypt: productionScrypt } })
})
afterAll(() => t.close())

const hashOf = async (email: string) => {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.email, email))
  return row!.passwordHash
}
/** A generated password's 128 random bits are kept as a plain digest, never a slow hash. */
const digest = /^sha256\$[\w-]{43}$/
const fullCost = new RegExp(`^scrypt\\$${productionScrypt.N}\\$`)

describe("passwords we generate", () => {
  it("are kept as a digest at a guest checkout and still sign the buyer in", async () => {
    const { username } = await t.createCreator({ paymentGateway: "iugu" })
    const email = "convidada.leve@exemplo.com.br"
    const res = await t.inject({
      method: "POST",
      url: `/v1/${username}/iugu/subscription/pix`,
      payload: { email, planName: "MONTHLY", typeAuth: "new_user", token: captchaTokens.valid },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await hashOf(email)).toMatch(digest)
    expect((await t.login(email, res.json().auth.password)).length).toBeGreaterThan(0)
  })

  it("are kept as a digest at a short sign-up, while a password the person chose keeps the full cost", async () => {
    const { username } = await t.createCreator()
    const register = (email: string, password?: string) =>
      t.inject({
        method: "POST",
        url: "/v1/auth/customer/register/short",
        payload: { email, token: captchaTokens.valid, from: username, password },
      })
    expect((await register("gerada@exemplo.com.br")).statusCode).toBe(200)
    expect(await hashOf("gerada@exemplo.com.br")).toMatch(digest)
    expect((await register("escolhida@exemplo.com.br", "minha-senha-forte")).statusCode).toBe(200)
    expect(await hashOf("escolhida@exemplo.com.br")).toMatch(fullCost)
  }, 60_000)

  it("are kept as a digest at an operator's invite; the creator signs in with it and her chosen password gets the full cost", async () => {
    const operator = (await t.createAccount({ role: "admin" })).token
    const email = "convidada.criadora@exemplo.com.br"
    const lead = await t.inject({
      method: "POST",
      url: "/v1/performer/lead",
      payload: {
        instagram: "@convidada.leve",
        email,
        whatsapp: "(11) 98765-4321",
        token: captchaTokens.valid,
      },
    })
    expect(lead.statusCode, lead.body).toBe(200)
    const [row] = await t.db.select().from(leads).where(eq(leads.email, email))
    const invite = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${row!.id}/invite`,
      token: operator,
      payload: {},
    })
    expect(invite.statusCode, invite.body).toBe(200)
    expect(await hashOf(email)).toMatch(digest)

    const link = new URL(/https?:\/\/\S+/.exec(t.mailer.lastTo(email)!.text)![0])
    const code = link.searchParams.get("code")!
    const token = await t.login(email, code)
    const chosen = await t.inject({
      method: "POST",
      url: "/v1/auth/password/change",
      token,
      payload: {
        currentPassword: code,
        newPassword: "senha-da-criadora",
        captchaToken: captchaTokens.valid,
      },
    })
    expect(chosen.statusCode, chosen.body).toBe(200)
    expect(await hashOf(email)).toMatch(fullCost)
    expect((await t.login("convidada.leve", "senha-da-criadora")).length).toBeGreaterThan(0)
  }, 60_000)
})
