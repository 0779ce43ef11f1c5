import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accessLogs, accounts, mediaLikes, recoveryCodes } from "../../src/db/schema.ts"
import { payments, subscriptions, vipInvites } from "../../src/db/schema-billing.ts"
import { accountOf } from "../../src/modules/account/account.routes.ts"
import { captchaTokens } from "../fake-recaptcha.ts"
import { createTestApp, type TestApp, type TestCreator } from "../test-app.ts"

let t: TestApp
let creator: TestCreator
let mediaId: string
const day = 86_400_000

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu" })
  mediaId = (await t.createMedia(creator.profileId)).id
})
afterAll(() => t.close())

/** A follower who bought through the guest checkout, paid, signed in and liked a photo. */
async function follower(email: string) {
  const bought = await t.inject({
    method: "POST",
    url: `/v1/${creator.username}/iugu/subscription/pix`,
    remoteAddress: "198.51.100.7",
    payload: { email, planName: "MONTHLY", typeAuth: "new_user", token: captchaTokens.valid },
  })
  expect(bought.statusCode, bought.body).toBe(200)
  const { auth, subscription } = bought.json()
  await t.inject({
    method: "POST",
    url: `/v1/sandbox/payments/${subscription.payment.id}/pay`,
    token: auth.accessToken,
  })
  const token = await t.login(email, auth.password)
  await t.inject({ method: "POST", url: `/v1/medias/${mediaId}/like`, token })
  await t.inject({
    method: "POST",
    url: "/v1/auth/recover/email",
    payload: { email, token: captchaTokens.valid },
  })
  const [row] = await t.db.select().from(accounts).where(eq(accounts.email, email))
  return { id: row!.id, email, password: auth.password as string, token, subscription }
}

/** The creator invites `email` to her Lista VIP from the studio. */
async function inviteToVipList(email: string) {
  const invited = await t.inject({
    method: "POST",
    url: "/v1/studio/whitelist",
    token: creator.token,
    payload: { email },
  })
  expect(invited.statusCode, invited.body).toBe(200)
}

describe("LGPD", () => {
  it("lets a follower download everything kept about them as JSON", async () => {
    const person = await follower("exporta@exemplo.com.br")
    const res = await t.inject({ url: "/v1/account/export", token: person.token })
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-disposition"]).toContain("attachment")
    const data = res.json()
    expect(data.account).toMatchObject({ email: person.email, role: "follower" })
    expect(data.subscriptions).toHaveLength(1)
    expect(data.subscriptions[0]).toMatchObject({ creator: `@${creator.username}`, status: "paid" })
    expect(data.subscriptions[0].payments[0]).toMatchObject({ status: "paid", method: "pix" })
    expect(data.likes).toEqual([expect.objectContaining({ photo: mediaId })])
    expect(data.accessLog.map((entry: { event: string }) => entry.event)).toEqual([
      "signup",
      "login",
    ])
    expect(data.accessLog[0].ip).toBe("198.51.100.7")
    expect(res.body).not.toContain("scrypt$")
    expect((await t.inject({ url: "/v1/account/export" })).statusCode).toBe(401)
  })

  it("exports every part with ISO dates: a creator's profile and plans, stories seen, interest forms", async () => {
    const owner = await t.createCreator({ plans: { MONTHLY: 2990, QUARTERLY: 7990 } })
    const story = await t.createStory(creator.profileId)
    await t.createSubscription({ accountId: owner.id, profileId: creator.profileId })
    const seen = await t.inject({
      method: "POST",
      url: `/v1/stories/seen/${story.id}`,
      token: owner.token,
    })
    expect(seen.statusCode, seen.body).toBe(200)
    const lead = await t.inject({
      method: "POST",
      url: "/v1/performer/lead",
      payload: {
        instagram: "dona.do.perfil",
        email: owner.email,
        whatsapp: "(11) 98765-4321",
        token: captchaTokens.valid,
      },
    })
    expect(lead.statusCode, lead.body).toBe(200)
    await inviteToVipList(owner.email)

    const res = await t.inject({ url: "/v1/account/export", token: owner.token })
    expect(res.statusCode).toBe(200)
    const data = res.json()
    const now = t.clock.now().toISOString()
    expect(data.creatorProfile).toMatchObject({ username: owner.username, pix: null })
    expect(data.creatorProfile.plans).toEqual(
      expect.arrayContaining([
        { name: "MONTHLY", valueCents: 2990, active: true },
        { name: "QUARTERLY", valueCents: 7990, active: true },
      ]),
    )
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ creator: `@${creator.username}`, status: "paid", payments: [] }),
    ])
    expect(data.subscriptions[0].currentPeriodEnd).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)
    expect(data.storiesSeen).toEqual([{ story: story.id, at: now }])
    expect(data.interestForms).toEqual([
      { instagram: "@dona.do.perfil", email: owner.email, whatsapp: "11987654321", at: now },
    ])
    expect(data.vipInvites).toEqual([
      {
        creator: `@${creator.username}`,
        email: owner.email,
        sentAt: now,
        expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        acceptedAt: null,
      },
    ])
    expect(data.likes).toEqual([])
  })

  it("closes the account from settings: password asked, sessions end, sign-in and recovery refused", async () => {
    const person = await follower("encerra@exemplo.com.br")
    const close = (password: string, token = person.token) =>
      t.inject({ method: "POST", url: "/v1/account/close", token, payload: { password } })
    expect((await close("senha-errada")).statusCode).toBe(422)
    expect((await close(person.password)).json()).toEqual({
      message: "Sua conta foi encerrada. Seus dados pessoais serão apagados em 6 meses.",
    })
    expect((await t.inject({ url: "/v1/auth/session", token: person.token })).statusCode).toBe(401)
    const login = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: { usernameOrEmail: person.email, password: person.password },
    })
    expect(login.json()).toMatchObject({ code: "account_closed" })
    const mails = t.mailer.sent.length
    await t.inject({
      method: "POST",
      url: "/v1/auth/recover/email",
      payload: { email: person.email, token: captchaTokens.valid },
    })
    expect(t.mailer.sent.length).toBe(mails)
    const [sub] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, person.subscription.id))
    expect(sub!.canceledDate).toBeTruthy()
    // A creator closes through support, so her subscribers can be told.
    expect((await close(creator.password, creator.token)).statusCode).toBe(409)
  })

  it("refuses an empty or oversize password with the form's pt-BR messages, closing nothing", async () => {
    const person = await t.createAccount()
    const close = (password: unknown) =>
      t.inject({
        method: "POST",
        url: "/v1/account/close",
        token: person.token,
        payload: { password },
      })
    expect((await close("")).json()).toMatchObject({ message: "Obrigatório", field: "password" })
    expect((await close("a".repeat(201))).json()).toMatchObject({
      message: "Inválido",
      field: "password",
    })
    expect((await t.inject({ url: "/v1/auth/session", token: person.token })).statusCode).toBe(200)
  })

  it("erases a closed account's personal data six months later and keeps access logs six months", async () => {
    const person = await follower("apaga@exemplo.com.br")
    await inviteToVipList(person.email)
    expect(await t.db.$count(vipInvites, eq(vipInvites.email, person.email))).toBe(1)
    await t.inject({
      method: "POST",
      url: "/v1/account/close",
      token: person.token,
      payload: { password: person.password },
    })
    const kept = t.db.select().from(accounts).where(eq(accounts.id, person.id))

    // Five months and a bit later: nothing is erased yet.
    t.clock.advance(182 * day - 2 * day)
    expect(await accountOf(t.db).eraseExpired()).toMatchObject({ erasedAccounts: 0 })
    expect((await kept)[0]!.email).toBe(person.email)

    t.clock.advance(3 * day)
    const result = await accountOf(t.db).eraseExpired()
    const [erased] = await t.db.select().from(accounts).where(eq(accounts.id, person.id))
    expect(erased!.email).not.toContain("apaga@")
    expect(erased!.fullName).toBeNull()
    expect(await t.db.$count(mediaLikes, eq(mediaLikes.accountId, person.id))).toBe(0)
    expect(await t.db.$count(recoveryCodes, eq(recoveryCodes.accountId, person.id))).toBe(0)
    expect(await t.db.$count(vipInvites, eq(vipInvites.email, person.email))).toBe(0)
    // The money's trail stays for the accounts, pointing at no one.
    expect(await t.db.$count(payments, eq(payments.subscriptionId, person.subscription.id))).toBe(1)
    // Every access line older than six months is gone; the e-mail is free again.
    expect(await t.db.$count(accessLogs)).toBe(0)
    const again = await t.inject({
      method: "POST",
      url: "/v1/auth/customer/register/short",
      payload: { email: person.email, token: captchaTokens.valid, from: creator.username },
    })
    expect(again.statusCode, again.body).toBe(200)
    console.log(
      `LGPD: export, close and erase after 6 months (erased ${result.erasedAccounts} accounts, ` +
        `${result.expiredAccessLogs} access lines past six months)`,
    )
  })
})
