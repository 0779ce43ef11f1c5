import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountSchema, ApiErrorBodySchema, SessionSchema } from "../../../../src/domain/models.ts"
import { accounts } from "../../db/schema.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let ipCounter = 0
/** A fresh client address, so per-IP limits of one test do not leak into the next. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (usernameOrEmail: string, password: string, remoteAddress = nextIp()) =>
  t.inject({
    method: "POST",
    url: "/v1/auth/login",
    payload: { usernameOrEmail, password },
    remoteAddress,
  })

describe("POST /v1/auth/login", () => {
  it("returns an access token for the right e-mail and password, and the session then loads", async () => {
    const person = await t.createAccount({ email: "ana@exemplo.com.br" })
    const res = await login("ANA@exemplo.com.br", person.password)
    expect(res.statusCode).toBe(200)
    const { accessToken } = res.json()
    const session = await t.inject({ url: "/v1/auth/session", token: accessToken })
    expect(session.statusCode).toBe(200)
    const body = SessionSchema.parse(session.json())
    expect(body.account).toEqual({
      _id: person.id,
      email: "ana@exemplo.com.br",
      username: null,
      fullName: null,
      role: "follower",
    })
  })

  it("accepts a creator's username in any case", async () => {
    const creator = await t.createCreator({ username: "bela.luz", fullName: "Bela Luz" })
    for (const id of ["bela.luz", "Bela.Luz"]) {
      const res = await login(id, creator.password)
      expect(res.statusCode, id).toBe(200)
      const session = await t.inject({ url: "/v1/auth/session", token: res.json().accessToken })
      expect(AccountSchema.parse(session.json().account)).toMatchObject({
        username: "bela.luz",
        fullName: "Bela Luz",
        role: "performer",
      })
    }
  })

  it("answers 401 Senha incorreta for a wrong password and for an unknown user alike", async () => {
    const person = await t.createAccount()
    const wrong = await login(person.email, "outra-senha")
    const unknown = await login("ninguem@exemplo.com.br", "outra-senha")
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(ApiErrorBodySchema.parse(res.json())).toEqual({
        message: "Senha incorreta",
        code: "wrong_password",
      })
    }
  })

  it("answers 400 with the field's pt-BR message", async () => {
    const cases = [
      [{ password: "x" }, "usernameOrEmail", "Obrigatório"],
      [{ usernameOrEmail: "ab", password: "x" }, "usernameOrEmail", "Inválido"],
      [{ usernameOrEmail: "ana@exemplo.com.br" }, "password", "Obrigatório"],
      [{ usernameOrEmail: "ana@exemplo.com.br", password: "" }, "password", "Obrigatório"],
    ] as const
    for (const [payload, field, message] of cases) {
      const res = await t.inject({
        method: "POST",
        url: "/v1/auth/login",
        payload,
        remoteAddress: nextIp(),
      })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toEqual({ message, code: "validation_error", field })
    }
  })

  it("limits one address to 20 attempts every 15 minutes with 429 in pt-BR", async () => {
    const ip = nextIp()
    const fromOneIp: number[] = []
    for (let i = 0; i < 21; i++)
      fromOneIp.push((await login(`x${i}@exemplo.com.br`, "errada", ip)).statusCode)
    expect(fromOneIp.slice(0, 20).every((s) => s === 401)).toBe(true)
    const blocked = await login("x21@exemplo.com.br", "errada", ip)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
      code: "too_many_requests",
    })
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0)
    t.clock.advance(16 * 60_000)
    expect((await login("x22@exemplo.com.br", "errada", ip)).statusCode).toBe(401)
  })
})

describe("request hygiene", () => {
  it("rejects a non-GET without the anti-forgery header, or with one that differs from the cookie", async () => {
    const missing = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: {},
      xsrf: false,
    })
    expect(missing.statusCode).toBe(403)
    expect(missing.json()).toEqual({
      message: "Não foi possível validar a sua requisição. Recarregue a página e tente novamente.",
      code: "xsrf_rejected",
    })
    expect(missing.cookies.some((c) => c.name === "XSRF-TOKEN")).toBe(true)

    const differs = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: {},
      xsrf: false,
      cookies: { "XSRF-TOKEN": "a".repeat(43) },
      headers: { "x-xsrf-token": "b".repeat(43) },
    })
    expect(differs.statusCode).toBe(403)
  })

  it("answers malformed JSON, a wrong content type and an oversize body in pt-BR, never 500", async () => {
    const bad = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: "{nope",
      headers: { "content-type": "application/json" },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      message: "O corpo da requisição não é um JSON válido.",
      code: "invalid_json",
    })

    const xml = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: "<a/>",
      headers: { "content-type": "application/xml" },
    })
    expect(xml.statusCode).toBe(415)
    expect(xml.json().code).toBe("unsupported_media_type")

    const huge = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: JSON.stringify({ usernameOrEmail: "a".repeat(2 * 1024 * 1024), password: "x" }),
      headers: { "content-type": "application/json" },
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({
      message: "O conteúdo enviado é grande demais.",
      code: "payload_too_large",
    })

    const empty = await t.inject({ method: "POST", url: "/v1/auth/login" })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({
      message: "Preencha os dados corretamente",
      code: "validation_error",
    })
  })
})

describe("GET /v1/auth/check/email/:email", () => {
  it("is gone: nothing answers whether an e-mail has an account", async () => {
    const person = await t.createAccount()
    const res = await t.inject({ url: `/v1/auth/check/email/${person.email}` })
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain("isAvailable")
  })
})

describe("GET /v1/auth/session", () => {
  it("answers 401 without a token and for a forged or expired one", async () => {
    const none = await t.inject({ url: "/v1/auth/session" })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ message: "Faça login para continuar.", code: "unauthorized" })

    const forged = await t.inject({
      url: "/v1/auth/session",
      token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().code).toBe("session_expired")

    const person = await t.createAccount()
    t.clock.advance(31 * 86_400_000)
    const expired = await t.inject({ url: "/v1/auth/session", token: person.token })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({
      message: "Sua sessão expirou. Faça login novamente.",
      code: "session_expired",
    })
  })
})

describe("POST /v1/auth/customer/register/short", () => {
  const register = (payload: object) =>
    t.inject({
      method: "POST",
      url: "/v1/auth/customer/register/short",
      payload,
      remoteAddress: nextIp(),
    })

  it("creates a follower with a generated password the buyer can use once to choose another", async () => {
    const creator = await t.createCreator()
    const res = await register({
      email: "Compradora@Exemplo.com.br",
      token: captchaTokens.valid,
      from: `@${creator.username}`,
    })
    expect(res.statusCode).toBe(200)
    const { accessToken, password } = res.json()
    expect(password).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const session = SessionSchema.parse(
      (await t.inject({ url: "/v1/auth/session", token: accessToken })).json(),
    )
    expect(session.account).toMatchObject({ email: "compradora@exemplo.com.br", role: "follower" })
    const [row] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, "compradora@exemplo.com.br"))
    expect(row?.signupFromProfileId).toBe(creator.profileId)
    expect((await login("compradora@exemplo.com.br", password)).statusCode).toBe(200)
  })

  it("keeps a password the buyer chose and returns none", async () => {
    const creator = await t.createCreator()
    const res = await register({
      email: "escolheu@exemplo.com.br",
      token: captchaTokens.valid,
      from: creator.username,
      password: "minha-senha",
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().password).toBeUndefined()
    expect((await login("escolheu@exemplo.com.br", "minha-senha")).statusCode).toBe(200)
  })

  it("answers 409 for an e-mail already registered", async () => {
    const creator = await t.createCreator()
    const person = await t.createAccount()
    const res = await register({
      email: person.email,
      token: captchaTokens.valid,
      from: creator.username,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      message: "Este e-mail já está cadastrado. Faça login para continuar.",
      code: "email_taken",
      field: "email",
    })
  })

  it("answers 404 for an unknown creator and 400 when the bot check fails, writing nothing", async () => {
    const creator = await t.createCreator()
    const unknown = await register({
      email: "a1@exemplo.com.br",
      token: captchaTokens.valid,
      from: "nao.existe",
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: "Perfil não encontrado", code: "profile_not_found" })
    for (const token of [
      captchaTokens.rejected,
      captchaTokens.lowScore,
      captchaTokens.wrongAction,
      captchaTokens.wrongHost,
      "",
    ]) {
      const res = await register({ email: "a2@exemplo.com.br", token, from: creator.username })
      expect(res.statusCode, token).toBe(400)
      expect(res.json().code).toBe("captcha_failed")
    }
    expect(await t.db.$count(accounts, eq(accounts.email, "a2@exemplo.com.br"))).toBe(0)
    expect(await t.db.$count(accounts, eq(accounts.email, "a1@exemplo.com.br"))).toBe(0)
  })

  it("validates the e-mail and the optional password in pt-BR", async () => {
    const creator = await t.createCreator()
    const cases = [
      [{ token: captchaTokens.valid, from: creator.username }, "email", "Obrigatório"],
      [
        { email: "sem-arroba", token: captchaTokens.valid, from: creator.username },
        "email",
        "Email inválido",
      ],
      [
        {
          email: "ok@exemplo.com.br",
          token: captchaTokens.valid,
          from: creator.username,
          password: "123",
        },
        "password",
        "Inválido",
      ],
      [{ email: "ok@exemplo.com.br", token: captchaTokens.valid }, "from", "Obrigatório"],
    ] as const
    for (const [payload, field, message] of cases) {
      const res = await register(payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message, code: "validation_error", field })
    }
    expect(await t.db.$count(accounts, eq(accounts.email, "ok@exemplo.com.br"))).toBe(0)
  })

  it("allows 10 sign-ups an hour from one address, then answers 429 in pt-BR and creates nothing", async () => {
    const creator = await t.createCreator()
    const ip = nextIp()
    const signUp = (email: string) =>
      t.inject({
        method: "POST",
        url: "/v1/auth/customer/register/short",
        payload: {
          email,
          token: captchaTokens.valid,
          from: creator.username,
          password: "senha123",
        },
        remoteAddress: ip,
      })
    for (let i = 0; i < 10; i++)
      expect((await signUp(`lote${i}@exemplo.com.br`)).statusCode, String(i)).toBe(200)
    const blocked = await signUp("lote10@exemplo.com.br")
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
      code: "too_many_requests",
    })
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0)
    expect(await t.db.$count(accounts, eq(accounts.email, "lote10@exemplo.com.br"))).toBe(0)
    // Another address is not held back, and the first is let in again after the hour.
    expect(
      (
        await register({
          email: "outro.ip@exemplo.com.br",
          token: captchaTokens.valid,
          from: creator.username,
        })
      ).statusCode,
    ).toBe(200)
    t.clock.advance(61 * 60_000)
    expect((await signUp("lote10@exemplo.com.br")).statusCode).toBe(200)
  })

  it("sends the bot-check token to reCAPTCHA with the client IP", async () => {
    const creator = await t.createCreator()
    await t.inject({
      method: "POST",
      url: "/v1/auth/customer/register/short",
      payload: { email: "ip@exemplo.com.br", token: "token-do-navegador", from: creator.username },
      remoteAddress: "203.0.113.7",
    })
    const last = t.captchaRequests.at(-1)!
    expect(Object.fromEntries(last)).toEqual({
      secret: "test-captcha-secret",
      response: "token-do-navegador",
      remoteip: "203.0.113.7",
    })
  })
})
