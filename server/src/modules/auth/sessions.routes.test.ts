import { createHash } from "node:crypto"
import { eq } from "drizzle-orm"
import type { LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accounts, refreshTokens, sessionFamilies } from "../../db/schema.ts"
import { refreshCookieName } from "../../plugins/refresh-cookie.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { reuseGraceMs } from "./sessions.service.ts"
import { accessTokenTtlSeconds } from "../../plugins/tokens.ts"

let t: TestApp
const minute = 60_000
const day = 24 * 60 * minute
const expired = { message: "Sua sessão expirou. Faça login novamente.", code: "session_expired" }

beforeAll(async () => {
  // The production lifetime: these tests are about it.
  t = await createTestApp({ config: { accessTokenTtlSeconds } })
})
afterAll(() => t.close())

const cookieOf = (res: LightMyRequestResponse) =>
  res.cookies.find((cookie) => cookie.name === refreshCookieName)

/** Signs in as a new follower: the access token and the refresh cookie's value. */
async function signIn(email?: string) {
  const person = email ? { email, password: "senha123" } : await t.createAccount()
  const res = await t.inject({
    method: "POST",
    url: "/v1/auth/login",
    payload: { usernameOrEmail: person.email, password: person.password },
  })
  expect(res.statusCode, res.body).toBe(200)
  return { email: person.email, accessToken: res.json().accessToken, refresh: cookieOf(res)!.value }
}

const refresh = (value?: string) =>
  t.inject({
    method: "POST",
    url: "/v1/auth/refresh",
    cookies: value ? { [refreshCookieName]: value } : {},
  })

const session = (token: string) => t.inject({ url: "/v1/auth/session", token })

describe("access tokens", () => {
  it("last 15 minutes", async () => {
    const { accessToken } = await signIn()
    t.clock.advance(15 * minute - 1_000)
    expect((await session(accessToken)).statusCode).toBe(200)
    t.clock.advance(1_000)
    const res = await session(accessToken)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(expired)
  })
})

describe("POST /v1/auth/refresh", () => {
  it("gives a new access token and rotates the cookie; the database keeps only its hash", async () => {
    const signedIn = await signIn()
    t.clock.advance(20 * minute)
    const res = await refresh(signedIn.refresh)
    expect(res.statusCode, res.body).toBe(200)
    const { accessToken } = res.json()
    expect((await session(accessToken)).json().account.email).toBe(signedIn.email)
    const successor = cookieOf(res)!.value
    expect(successor).not.toBe(signedIn.refresh)
    const hash = createHash("sha256").update(successor).digest("base64url")
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash))
    expect(row).toBeDefined()
    const stored = await t.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens)
    expect(stored.map((r) => r.hash)).not.toContain(successor)
    expect((await refresh(successor)).statusCode).toBe(200)
  })

  it("refuses a spent token shown again, and ends its family: the successor dies too", async () => {
    const { refresh: first } = await signIn()
    const rotated = await refresh(first)
    const successor = cookieOf(rotated)!.value
    t.clock.advance(reuseGraceMs + 1_000)
    const reuse = await refresh(first)
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json()).toEqual(expired)
    expect(cookieOf(reuse)!.value).toBe("")
    expect((await refresh(successor)).statusCode).toBe(401)
  })

  it("lets two tabs refresh with the same token at once: the second gets a token, the cookie stays", async () => {
    const { refresh: first } = await signIn()
    const answers = await Promise.all([refresh(first), refresh(first)])
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200])
    // One answer rotates; the other sets no cookie, so the jar the tabs share keeps the successor.
    const rotated = answers.filter((res) => cookieOf(res))
    expect(rotated).toHaveLength(1)
    for (const res of answers) expect((await session(res.json().accessToken)).statusCode).toBe(200)
    t.clock.advance(reuseGraceMs + 1_000)
    expect((await refresh(cookieOf(rotated[0]!)!.value)).statusCode).toBe(200)
  })

  it("slides: a browser that keeps refreshing stays in; one silent for 30 days is out", async () => {
    let { refresh: current } = await signIn()
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * day)
      const res = await refresh(current)
      expect(res.statusCode, `refresh ${i}`).toBe(200)
      current = cookieOf(res)!.value
    }
    t.clock.advance(30 * day)
    expect((await refresh(current)).statusCode).toBe(401)
  })

  it("answers 401 in pt-BR without a cookie or with a made-up one, and 403 without the anti-forgery header", async () => {
    for (const value of [undefined, "inventado"]) {
      const res = await refresh(value)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(expired)
    }
    const { refresh: value } = await signIn()
    const forged = await t.inject({
      method: "POST",
      url: "/v1/auth/refresh",
      xsrf: false,
      cookies: { [refreshCookieName]: value },
    })
    expect(forged.statusCode).toBe(403)
    expect((await refresh(value)).statusCode).toBe(200)
  })

  it("ends with a new password, and with a closed account", async () => {
    const person = await t.createAccount()
    const before = await signIn(person.email)
    const change = await t.inject({
      method: "POST",
      url: "/v1/auth/password/change",
      token: before.accessToken,
      payload: {
        currentPassword: "senha123",
        newPassword: "outra1234",
        captchaToken: captchaTokens.valid,
      },
    })
    expect(change.statusCode, change.body).toBe(200)
    expect((await refresh(before.refresh)).statusCode).toBe(401)
    // The answer that set the new password keeps this browser signed in.
    const after = await refresh(cookieOf(change)!.value)
    expect(after.statusCode).toBe(200)

    await t.db.update(accounts).set({ closedAt: t.clock.now() }).where(eq(accounts.id, person.id))
    expect((await refresh(cookieOf(after)!.value)).statusCode).toBe(401)
  })
})

describe("POST /v1/auth/logout", () => {
  it("ends this browser's session and clears its cookie; other browsers stay in", async () => {
    const person = await t.createAccount()
    const here = await signIn(person.email)
    const there = await signIn(person.email)
    const res = await t.inject({
      method: "POST",
      url: "/v1/auth/logout",
      cookies: { [refreshCookieName]: here.refresh },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: "Você saiu da conta." })
    expect(cookieOf(res)).toMatchObject({ value: "", path: "/v1/auth" })
    expect((await refresh(here.refresh)).statusCode).toBe(401)
    expect((await refresh(there.refresh)).statusCode).toBe(200)
  })

  it("answers the same without a cookie, and refuses a cross-site form", async () => {
    const res = await t.inject({ method: "POST", url: "/v1/auth/logout" })
    expect(res.statusCode).toBe(200)
    const forged = await t.inject({ method: "POST", url: "/v1/auth/logout", xsrf: false })
    expect(forged.statusCode).toBe(403)
  })
})

describe("POST /v1/auth/logout-all", () => {
  it("ends every session of the account at once, access tokens included", async () => {
    const person = await t.createAccount()
    const phone = await signIn(person.email)
    const laptop = await signIn(person.email)
    const other = await signIn()
    const res = await t.inject({
      method: "POST",
      url: "/v1/auth/logout-all",
      token: phone.accessToken,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: "Você saiu de todos os dispositivos." })
    expect(cookieOf(res)!.value).toBe("")
    for (const device of [phone, laptop]) {
      expect((await session(device.accessToken)).statusCode).toBe(401)
      expect((await refresh(device.refresh)).statusCode).toBe(401)
    }
    const families = await t.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.accountId, person.id))
    expect(families.every((family) => family.revokedAt !== null)).toBe(true)
    expect((await session(other.accessToken)).statusCode).toBe(200)
    // Signing in again works as before.
    expect((await session((await signIn(person.email)).accessToken)).statusCode).toBe(200)
  })

  it("needs a session, and leaves an invited creator's invite password alone", async () => {
    expect((await t.inject({ method: "POST", url: "/v1/auth/logout-all" })).statusCode).toBe(401)
    const invited = await t.createCreator()
    const res = await t.inject({
      method: "POST",
      url: "/v1/auth/logout-all",
      token: invited.token,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      message: "Escolha a sua senha antes de sair de todos os dispositivos.",
      code: "invite_password",
    })
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, invited.id))
    expect(row!.tokenVersion).toBe(0)
  })
})
