import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminLeadSchema } from "../../../../src/domain/admin.ts"
import { ProfileSchema } from "../../../../src/domain/models.ts"
import { accounts, leads, profiles } from "../../db/schema.ts"
import { captchaTokens } from "../../testing/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../testing/test-app.ts"

let t: TestApp
let operator: string
let ip = 0

beforeAll(async () => {
  t = await createTestApp()
  operator = (await t.createAccount({ role: "admin" })).token
})
afterAll(() => t.close())

/** A lead sent through the real interest form. */
async function sendLead(
  instagram: string,
  email = `${instagram.replace(/\W/g, "")}@exemplo.com.br`,
) {
  const res = await t.inject({
    method: "POST",
    url: "/v1/performer/lead",
    remoteAddress: `10.9.0.${++ip}`,
    payload: { instagram, email, whatsapp: "(11) 98765-4321", token: captchaTokens.valid },
  })
  expect(res.statusCode).toBe(200)
  const [row] = await t.db.select().from(leads).where(eq(leads.email, email))
  return row!
}

const list = async (query = "") => {
  const res = await t.inject({ url: `/v1/admin/leads${query}`, token: operator })
  expect(res.statusCode).toBe(200)
  return AdminLeadSchema.array().parse(res.json())
}

describe("GET /v1/admin/leads", () => {
  it("lists leads newest first, searchable and filtered by status", async () => {
    const first = await sendLead("lista.um")
    t.clock.advance(60_000)
    const second = await sendLead("lista.dois")
    const all = await list("?q=lista")
    expect(all.map((lead) => lead.id)).toEqual([second.id, first.id])
    expect(all[0]).toMatchObject({
      instagram: "@lista.dois",
      email: "listadois@exemplo.com.br",
      whatsapp: "11987654321",
      status: "new",
      contactedAt: null,
      invitedAt: null,
      creatorUsername: null,
    })
    expect((await list("?q=LISTA.UM")).map((lead) => lead.id)).toEqual([first.id])
    expect(await list("?q=%25")).toEqual([])
  })

  it("is only for operators", async () => {
    expect((await t.inject({ url: "/v1/admin/leads" })).statusCode).toBe(401)
    for (const role of ["follower", "performer"] as const) {
      const account = await t.createAccount({ role })
      const res = await t.inject({ url: "/v1/admin/leads", token: account.token })
      expect(res.statusCode, role).toBe(403)
    }
  })

  it("refuses an unknown status filter in pt-BR", async () => {
    const res = await t.inject({ url: "/v1/admin/leads?status=talvez", token: operator })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: "validation_error", field: "status" })
  })
})

describe("POST /v1/admin/leads/:id/contacted", () => {
  it("marks and unmarks a lead as contacted", async () => {
    const lead = await sendLead("contato.sim")
    const res = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${lead.id}/contacted`,
      token: operator,
      payload: { contacted: true },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: "contacted",
      contactedAt: t.clock.now().toISOString(),
    })
    expect((await list("?status=contacted&q=contato.sim")).map((l) => l.id)).toEqual([lead.id])
    expect(await list("?status=new&q=contato.sim")).toEqual([])
    const undo = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${lead.id}/contacted`,
      token: operator,
      payload: { contacted: false },
    })
    expect(undo.json()).toMatchObject({ status: "new", contactedAt: null })
  })

  it("answers 404 for an unknown lead and 403 for a creator", async () => {
    const missing = await t.inject({
      method: "POST",
      url: "/v1/admin/leads/00000000-0000-4000-8000-000000000000/contacted",
      token: operator,
      payload: { contacted: true },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: "Lead não encontrado", code: "lead_not_found" })
    const lead = await sendLead("contato.nao")
    const creator = await t.createCreator()
    const refused = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${lead.id}/contacted`,
      token: creator.token,
      payload: { contacted: true },
    })
    expect(refused.statusCode).toBe(403)
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id))
    expect(row?.contactedAt).toBeNull()
  })
})

describe("POST /v1/admin/leads/:id/invite", () => {
  it("creates the creator account and e-mails a link that leads to choosing a password", async () => {
    const lead = await sendLead("Nova.Criadora", "nova@exemplo.com.br")
    const res = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${lead.id}/invite`,
      token: operator,
      payload: { fullName: "Nova Criadora" },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: "invited",
      creatorUsername: "nova.criadora",
      invitedAt: t.clock.now().toISOString(),
    })
    const profile = ProfileSchema.parse(
      (await t.inject({ url: "/v1/profile/nova.criadora" })).json(),
    )
    expect(profile).toMatchObject({ fullName: "Nova Criadora", plans: [], verified: false })

    const mail = t.mailer.lastTo("nova@exemplo.com.br")!
    expect(mail.subject).toBe("Seu Close Friends no Closer está pronto")
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0])
    expect(link.pathname).toBe("/studio/convite")
    expect(link.searchParams.get("email")).toBe("nova@exemplo.com.br")
    const code = link.searchParams.get("code")!

    // What the link does in the app: sign in with the code, then choose a password with it.
    const token = await t.login("nova@exemplo.com.br", code)
    const chosen = await t.inject({
      method: "POST",
      url: "/v1/auth/password/change",
      token,
      payload: {
        currentPassword: code,
        newPassword: "minhasenha",
        captchaToken: captchaTokens.valid,
      },
    })
    expect(chosen.statusCode).toBe(200)
    const studio = await t.inject({ url: "/v1/studio/plans", token: chosen.json().accessToken })
    expect(studio.statusCode).toBe(200)
    await t.login("nova.criadora", "minhasenha")
  })

  it("uses the username the operator gives, and refuses a taken or reserved one", async () => {
    await t.createCreator({ username: "ja.existe" })
    const lead = await sendLead("ja.existe", "outra@exemplo.com.br")
    for (const username of [undefined, "admin"]) {
      const res = await t.inject({
        method: "POST",
        url: `/v1/admin/leads/${lead.id}/invite`,
        token: operator,
        payload: username ? { username } : {},
      })
      expect(res.statusCode, username).toBe(409)
      expect(res.json()).toEqual({
        message: "Este nome de usuário já está em uso",
        code: "username_taken",
        field: "username",
      })
    }
    const bad = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${lead.id}/invite`,
      token: operator,
      payload: { username: "a b" },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: "Inválido", field: "username" })
    expect(await t.db.$count(accounts, eq(accounts.email, "outra@exemplo.com.br"))).toBe(0)
    expect(t.mailer.lastTo("outra@exemplo.com.br")).toBeUndefined()

    const ok = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${lead.id}/invite`,
      token: operator,
      payload: { username: "Outra.Criadora" },
    })
    expect(ok.json()).toMatchObject({ status: "invited", creatorUsername: "outra.criadora" })
    const again = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${lead.id}/invite`,
      token: operator,
      payload: {},
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      message: "Este lead já foi convidado.",
      code: "lead_already_invited",
    })
  })

  it("refuses an e-mail that already has an account, creating nothing", async () => {
    const follower = await t.createAccount({ email: "fa.antiga@exemplo.com.br" })
    const lead = await sendLead("fa.antiga", follower.email)
    const res = await t.inject({
      method: "POST",
      url: `/v1/admin/leads/${lead.id}/invite`,
      token: operator,
      payload: {},
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      message: "Já existe uma conta com este e-mail.",
      code: "email_taken",
    })
    expect(await t.db.$count(profiles, eq(profiles.username, "fa.antiga"))).toBe(0)
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id))
    expect(row?.invitedAt).toBeNull()
  })
})
