import { and, eq, ilike } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { AdminLeadSchema } from "../../../../src/domain/admin.ts"
import { ProfileSchema } from "../../../../src/domain/models.ts"
import { accounts, leads, profiles } from "../../db/schema.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let operatorId: string
let operator: string
let ip = 0

beforeAll(async () => {
  t = await createTestApp()
  operatorId = (await t.createAccount({ role: "admin" })).id
})
// Invites are followed over weeks of the test clock: each test signs the operator in afresh.
beforeEach(async () => {
  operator = await t.tokenFor(operatorId)
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
  const [row] = await t.db
    .select()
    .from(leads)
    .where(and(eq(leads.email, email), ilike(leads.instagram, `@${instagram}`)))
  return row!
}

const day = 86_400_000

const invite = (leadId: string, payload: object = {}) =>
  t.inject({ method: "POST", url: `/v1/admin/leads/${leadId}/invite`, token: operator, payload })

const resend = (leadId: string, token = operator) =>
  t.inject({ method: "POST", url: `/v1/admin/leads/${leadId}/invite/resend`, token })

/** The temporary password in the last invite e-mailed to `email`. */
const inviteCode = (email: string) => {
  const mail = t.mailer.lastTo(email)!
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("code")!
}

const loginAnswer = (usernameOrEmail: string, password: string) =>
  t.inject({ method: "POST", url: "/v1/auth/login", payload: { usernameOrEmail, password } })

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
      message: "Este lead já foi convidado. Para mandar um link novo, use Reenviar convite.",
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

describe("invite link expiry", () => {
  it("signs in for 7 days, then answers in pt-BR that the invite expired", async () => {
    const lead = await sendLead("prazo.sete", "prazo@exemplo.com.br")
    const sent = t.clock.now()
    expect((await invite(lead.id)).json()).toMatchObject({
      invitedAt: sent.toISOString(),
      invite: { state: "pending", expiresAt: new Date(sent.getTime() + 7 * day).toISOString() },
    })
    const code = inviteCode("prazo@exemplo.com.br")

    t.clock.advance(7 * day - 60_000)
    expect((await loginAnswer("prazo@exemplo.com.br", code)).statusCode).toBe(200)

    t.clock.advance(60_000)
    for (const login of ["prazo@exemplo.com.br", "prazo.sete"]) {
      const expired = await loginAnswer(login, code)
      expect(expired.statusCode, login).toBe(401)
      expect(expired.json()).toEqual({
        message: "Este convite expirou. Peça à equipe do Closer que envie um novo.",
        code: "invite_expired",
      })
    }
    expect((await list("?q=prazo.sete"))[0]?.invite).toEqual({
      state: "expired",
      expiresAt: t.clock.now().toISOString(),
    })
    // A wrong password is still just a wrong password, whatever the invite's age.
    expect((await loginAnswer("prazo@exemplo.com.br", "outra-senha")).json()).toMatchObject({
      code: "wrong_password",
    })
  })

  it("no longer matters once she has chosen her password", async () => {
    const lead = await sendLead("ja.escolheu", "escolheu@exemplo.com.br")
    await invite(lead.id)
    const token = await t.login("escolheu@exemplo.com.br", inviteCode("escolheu@exemplo.com.br"))
    const chosen = await t.inject({
      method: "POST",
      url: "/v1/auth/password/change",
      token,
      payload: {
        currentPassword: inviteCode("escolheu@exemplo.com.br"),
        newPassword: "minhasenha",
        captchaToken: captchaTokens.valid,
      },
    })
    expect(chosen.statusCode).toBe(200)
    t.clock.advance(20 * day)
    await t.login("ja.escolheu", "minhasenha")
    expect((await list("?q=ja.escolheu"))[0]?.invite?.state).toBe("accepted")
  })
})

describe("POST /v1/admin/leads/:id/invite/resend", () => {
  it("sends a new link that replaces the old one, keeping the account and the username", async () => {
    const lead = await sendLead("reenvio.ok", "reenvio@exemplo.com.br")
    await invite(lead.id, { username: "reenvio.nome" })
    const [account] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, "reenvio@exemplo.com.br"))
    const oldCode = inviteCode("reenvio@exemplo.com.br")
    t.clock.advance(8 * day)

    const res = await resend(lead.id)
    expect(res.statusCode, res.body).toBe(200)
    const resentAt = t.clock.now()
    expect(res.json()).toMatchObject({
      status: "invited",
      creatorUsername: "reenvio.nome",
      invitedAt: resentAt.toISOString(),
      invite: { state: "pending", expiresAt: new Date(resentAt.getTime() + 7 * day).toISOString() },
    })
    const newCode = inviteCode("reenvio@exemplo.com.br")
    expect(newCode).not.toBe(oldCode)
    expect(t.mailer.lastTo("reenvio@exemplo.com.br")!.subject).toBe(
      "Seu Close Friends no Closer está pronto",
    )

    expect((await loginAnswer("reenvio@exemplo.com.br", oldCode)).json()).toMatchObject({
      code: "wrong_password",
    })
    const token = await t.login("reenvio@exemplo.com.br", newCode)
    const session = await t.inject({ url: "/v1/auth/session", token })
    expect(session.json()).toMatchObject({
      account: { _id: account!.id, username: "reenvio.nome" },
    })
    expect(await t.db.$count(accounts, eq(accounts.email, "reenvio@exemplo.com.br"))).toBe(1)

    // The new link lasts its own 7 days.
    t.clock.advance(7 * day)
    expect((await loginAnswer("reenvio@exemplo.com.br", newCode)).json()).toMatchObject({
      code: "invite_expired",
    })
  })

  it("refuses once she has chosen a password, leaving it untouched", async () => {
    const lead = await sendLead("reenvio.aceito", "aceito@exemplo.com.br")
    await invite(lead.id)
    const code = inviteCode("aceito@exemplo.com.br")
    const token = await t.login("aceito@exemplo.com.br", code)
    await t.inject({
      method: "POST",
      url: "/v1/auth/password/change",
      token,
      payload: {
        currentPassword: code,
        newPassword: "minhasenha",
        captchaToken: captchaTokens.valid,
      },
    })
    const mailsBefore = t.mailer.sent.length

    const res = await resend(lead.id)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      message:
        "Ela já escolheu a senha e entra no estúdio com ela. Se esqueceu, pode recuperá-la em Esqueci a senha.",
      code: "invite_accepted",
    })
    expect(t.mailer.sent.length).toBe(mailsBefore)
    await t.login("aceito@exemplo.com.br", "minhasenha")
  })

  it("refuses a lead not invited, a closed account, an unknown lead and anyone but operators", async () => {
    const lead = await sendLead("reenvio.novo", "reenvio.novo@exemplo.com.br")
    const notInvited = await resend(lead.id)
    expect(notInvited.statusCode).toBe(409)
    expect(notInvited.json()).toEqual({
      message: "Este lead ainda não foi convidado.",
      code: "lead_not_invited",
    })
    expect(await t.db.$count(accounts, eq(accounts.email, "reenvio.novo@exemplo.com.br"))).toBe(0)

    const closedLead = await sendLead("reenvio.encerrada", "encerrada@exemplo.com.br")
    await invite(closedLead.id)
    await t.db
      .update(accounts)
      .set({ closedAt: t.clock.now() })
      .where(eq(accounts.email, "encerrada@exemplo.com.br"))
    const closed = await resend(closedLead.id)
    expect(closed.statusCode).toBe(409)
    expect(closed.json()).toEqual({
      message: "A conta criada por este convite foi encerrada.",
      code: "invite_account_closed",
    })

    const missing = await resend("00000000-0000-4000-8000-000000000000")
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: "Lead não encontrado", code: "lead_not_found" })

    const invited = await sendLead("reenvio.proibido", "proibido@exemplo.com.br")
    await invite(invited.id)
    const before = t.mailer.sent.length
    expect((await resend(invited.id, (await t.createCreator()).token)).statusCode).toBe(403)
    expect(
      (await t.inject({ method: "POST", url: `/v1/admin/leads/${invited.id}/invite/resend` }))
        .statusCode,
    ).toBe(401)
    expect(t.mailer.sent.length).toBe(before)
    await t.login("proibido@exemplo.com.br", inviteCode("proibido@exemplo.com.br"))
  })
})

describe("invites racing for the same e-mail", () => {
  it("the same lead invited twice at once: one invite, and the other is told it was invited", async () => {
    const lead = await sendLead("corrida.dupla", "dupla@exemplo.com.br")
    const answers = await Promise.all([invite(lead.id), invite(lead.id)])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409])
    expect(answers.find((res) => res.statusCode === 409)!.json()).toEqual({
      message: "Este lead já foi convidado. Para mandar um link novo, use Reenviar convite.",
      code: "lead_already_invited",
    })
    expect(await t.db.$count(accounts, eq(accounts.email, "dupla@exemplo.com.br"))).toBe(1)
    expect(t.mailer.sent.filter((mail) => mail.to === "dupla@exemplo.com.br")).toHaveLength(1)
  })

  it("two leads with one e-mail: one account, and the other names the lead already invited", async () => {
    const first = await sendLead("corrida.primeira", "mesma@exemplo.com.br")
    const second = await sendLead("corrida.segunda", "mesma@exemplo.com.br")
    const answers = await Promise.all([invite(first.id), invite(second.id)])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409])
    const winner = AdminLeadSchema.parse(answers.find((res) => res.statusCode === 200)!.json())
    const loser = winner.id === first.id ? second : first
    expect(answers.find((res) => res.statusCode === 409)!.json()).toEqual({
      message: `Este e-mail já foi convidado pelo lead ${winner.instagram}. Para mandar um link novo, reenvie o convite por ele.`,
      code: "email_invited",
    })
    expect(await t.db.$count(accounts, eq(accounts.email, "mesma@exemplo.com.br"))).toBe(1)
    const [loserRow] = await t.db.select().from(leads).where(eq(leads.id, loser.id))
    expect(loserRow).toMatchObject({ invitedAt: null, creatorAccountId: null })
    expect(t.mailer.sent.filter((mail) => mail.to === "mesma@exemplo.com.br")).toHaveLength(1)
    expect(await t.db.$count(profiles, eq(profiles.username, loser.instagram.slice(1)))).toBe(0)
  })
})
