import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { vipInviteSentMessage } from "../../../../src/domain/vip-invites.ts"
import { mailOutbox } from "../../db/schema-mail.ts"
import { subscriptions, vipInvites } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const day = 86_400_000

const invite = (creator: TestCreator, email: string) =>
  t.inject({
    method: "POST",
    url: "/v1/studio/whitelist",
    token: creator.token,
    payload: { email },
  })
const accept = (token: string, inviteToken: string) =>
  t.inject({
    method: "POST",
    url: "/v1/vip-invites/accept",
    token,
    payload: { token: inviteToken },
  })
const pending = async (creator: TestCreator) => {
  const res = await t.inject({ url: "/v1/studio/whitelist/invites", token: creator.token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { inviteId: string; email: string }[]
}
/** The token of the last invitation mailed to `email`, read from its link as she would. */
const mailedToken = async (email: string) => {
  const mail = await vi.waitFor(() => {
    const found = t.mailer.lastTo(email)
    if (!found) throw new Error(`no mail to ${email}`)
    return found
  })
  const link = /https?:\/\/\S+\/vip\?convite=[\w-]+/.exec(mail.text)![0]
  return new URL(link).searchParams.get("convite")!
}
const medias = (creator: TestCreator, token: string) =>
  t.inject({ url: `/v1/u/${creator.username}/medias`, token })

describe("POST /v1/studio/whitelist", () => {
  it("answers byte for byte the same for an unknown e-mail, a follower, an operator and a closed account", async () => {
    const creator = await t.createCreator()
    const follower = await t.createAccount()
    const operator = await t.createAccount({ role: "admin" })
    const closed = await t.createAccount()
    await t.db.update(accounts).set({ closedAt: t.clock.now() }).where(eq(accounts.id, closed.id))
    const unknown = "ninguem.convite@exemplo.com.br"

    const answers = []
    for (const email of [unknown, follower.email, operator.email, closed.email]) {
      const res = await invite(creator, email)
      answers.push({ status: res.statusCode, type: res.headers["content-type"], body: res.body })
    }
    expect(answers[0]).toEqual({
      status: 200,
      type: "application/json; charset=utf-8",
      body: JSON.stringify({ message: vipInviteSentMessage }),
    })
    for (const answer of answers) expect(answer).toEqual(answers[0])

    // Every e-mail is listed alike, as typed; nobody has access yet.
    expect((await pending(creator)).map((row) => Object.keys(row).sort())).toEqual(
      Array(4).fill(["email", "expiresAt", "inviteId", "invitedAt"]),
    )
    expect(await t.db.$count(subscriptions, eq(subscriptions.profileId, creator.profileId))).toBe(0)
    // Mailed to whoever may accept: unknown e-mails too (they can sign up), never an operator
    // nor a closed account.
    await mailedToken(unknown)
    await mailedToken(follower.email)
    const outbox = await t.db.select({ to: mailOutbox.to }).from(mailOutbox)
    expect(outbox.map((row) => row.to)).not.toContain(operator.email)
    expect(outbox.map((row) => row.to)).not.toContain(closed.email)
  })

  it("keeps one invitation per e-mail, lower-cased; inviting again replaces the link", async () => {
    const creator = await t.createCreator()
    const fan = await t.createAccount({ email: "convite.duplo@exemplo.com.br" })
    await invite(creator, " Convite.Duplo@Exemplo.com.br ")
    const first = await mailedToken(fan.email)
    await invite(creator, "convite.duplo@exemplo.com.br")
    const second = await mailedToken(fan.email)
    expect(second).not.toBe(first)
    expect(await pending(creator)).toEqual([
      expect.objectContaining({ email: "convite.duplo@exemplo.com.br" }),
    ])
    expect((await accept(fan.token, first)).statusCode).toBe(404)
    expect((await accept(fan.token, second)).statusCode).toBe(200)
  })

  it("refuses her own e-mail and bad input in pt-BR, writing nothing", async () => {
    const creator = await t.createCreator()
    const own = await invite(creator, creator.email)
    expect(own.statusCode).toBe(422)
    expect(own.json().message).toBe("Você não pode se adicionar à própria lista VIP.")
    const bad = await invite(creator, "invalido@")
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe("Email inválido")
    expect(await t.db.$count(vipInvites, eq(vipInvites.profileId, creator.profileId))).toBe(0)
  })

  it("allows 30 invitations an hour per creator, whatever the e-mails", async () => {
    const creator = await t.createCreator()
    for (let i = 0; i < 30; i++)
      expect((await invite(creator, `lote.convite${i}@exemplo.com.br`)).statusCode).toBe(200)
    const blocked = await invite(creator, "mais.um@exemplo.com.br")
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe("too_many_requests")
    t.clock.advance(61 * 60_000)
    expect((await invite(creator, "mais.um@exemplo.com.br")).statusCode).toBe(200)
  })
})

describe("POST /v1/vip-invites/accept", () => {
  it("gives access only once the invited follower accepts, then the link is spent", async () => {
    const creator = await t.createCreator()
    await t.createMedia(creator.profileId)
    const fan = await t.createAccount({ email: "aceita.vip@exemplo.com.br" })
    await invite(creator, fan.email)
    const token = await mailedToken(fan.email)
    expect((await medias(creator, fan.token)).statusCode).toBe(403)

    const stranger = await t.createAccount()
    const wrong = await accept(stranger.token, token)
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json()).toEqual({
      message:
        "Este convite foi enviado para outro e-mail. Entre com a conta do e-mail que recebeu o convite.",
      code: "wrong_account",
    })
    expect(await t.db.$count(subscriptions, eq(subscriptions.accountId, stranger.id))).toBe(0)

    const accepted = await accept(fan.token, token)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toEqual({ username: creator.username })
    expect((await medias(creator, fan.token)).statusCode).toBe(200)
    expect(await pending(creator)).toEqual([])

    const again = await accept(fan.token, token)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({
      message: "Este convite não é válido ou expirou. Peça um novo convite à criadora.",
      code: "vip_invite_invalid",
    })
    const [row] = await t.db.select().from(vipInvites).where(eq(vipInvites.email, fan.email))
    // Only a hash was ever stored, and it is gone once used.
    expect(row?.tokenHash).toBeNull()
    expect(JSON.stringify(row)).not.toContain(token)
  })

  it("lets someone with no account sign up with the invited e-mail, then accept", async () => {
    const creator = await t.createCreator()
    await t.createMedia(creator.profileId)
    await invite(creator, "nova.conta@exemplo.com.br")
    const token = await mailedToken("nova.conta@exemplo.com.br")
    const newcomer = await t.createAccount({ email: "nova.conta@exemplo.com.br" })
    expect((await accept(newcomer.token, token)).statusCode).toBe(200)
    expect((await medias(creator, newcomer.token)).statusCode).toBe(200)
  })

  it("refuses an expired link, and changes nothing", async () => {
    const creator = await t.createCreator()
    const fan = await t.createAccount()
    await invite(creator, fan.email)
    const token = await mailedToken(fan.email)
    t.clock.advance(7 * day + 1000)
    const res = await accept(fan.token, token)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe("vip_invite_invalid")
    expect(await t.db.$count(subscriptions, eq(subscriptions.accountId, fan.id))).toBe(0)
  })

  it("refuses unknown and malformed tokens in pt-BR, and signed-out callers", async () => {
    const fan = await t.createAccount()
    for (const token of ["x", "a".repeat(101), ""]) {
      const res = await accept(fan.token, token)
      expect([400, 404], token).toContain(res.statusCode)
      expect(res.json().message).toBe(
        "Este convite não é válido ou expirou. Peça um novo convite à criadora.",
      )
    }
    const signedOut = await t.inject({
      method: "POST",
      url: "/v1/vip-invites/accept",
      payload: { token: "x" },
    })
    expect(signedOut.statusCode).toBe(401)
  })

  it("keeps a paying follower's subscription as it is", async () => {
    const creator = await t.createCreator()
    const payer = await t.createAccount()
    const paid = await t.createSubscription({ accountId: payer.id, profileId: creator.profileId })
    await invite(creator, payer.email)
    expect((await accept(payer.token, await mailedToken(payer.email))).statusCode).toBe(200)
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, paid.id))
    expect(row?.status).toBe(paid.status)
  })
})

describe("DELETE /v1/studio/whitelist/invites/:inviteId", () => {
  it("withdraws a pending invitation, whose link then stops working; another creator cannot", async () => {
    const creator = await t.createCreator()
    const other = await t.createCreator()
    const fan = await t.createAccount()
    await invite(creator, fan.email)
    const token = await mailedToken(fan.email)
    const [row] = await pending(creator)
    const url = `/v1/studio/whitelist/invites/${row!.inviteId}`

    const foreign = await t.inject({ method: "DELETE", url, token: other.token })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().message).toBe("Convite não encontrado.")
    expect(await pending(creator)).toHaveLength(1)

    const withdrawn = await t.inject({ method: "DELETE", url, token: creator.token })
    expect(withdrawn.statusCode).toBe(200)
    expect(withdrawn.json()).toMatchObject({ inviteId: row!.inviteId, email: fan.email })
    expect(await pending(creator)).toEqual([])
    expect((await accept(fan.token, token)).statusCode).toBe(404)
    const bad = await t.inject({
      method: "DELETE",
      url: "/v1/studio/whitelist/invites/nao-e-um-id",
      token: creator.token,
    })
    expect(bad.statusCode).toBe(404)
  })
})
