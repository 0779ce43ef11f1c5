import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captchaTokens } from "../../testing/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../testing/test-app.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const change = (token: string | undefined, payload: object) =>
  t.inject({ method: "POST", url: "/v1/auth/password/change", token, payload })

describe("POST /v1/auth/password/change", () => {
  it("changes the password, returns a fresh token and revokes the older ones", async () => {
    const person = await t.createAccount()
    const otherDevice = await t.tokenFor(person.id)
    const res = await change(person.token, {
      currentPassword: person.password,
      newPassword: "senha-nova",
      captchaToken: captchaTokens.valid,
    })
    expect(res.statusCode).toBe(200)
    const { accessToken } = res.json()
    expect((await t.inject({ url: "/v1/auth/session", token: accessToken })).statusCode).toBe(200)
    for (const old of [person.token, otherDevice]) {
      const session = await t.inject({ url: "/v1/auth/session", token: old })
      expect(session.statusCode).toBe(401)
      expect(session.json().code).toBe("session_expired")
    }
    const login = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: { usernameOrEmail: person.email, password: "senha-nova" },
    })
    expect(login.statusCode).toBe(200)
  })

  it("lets a buyer choose a password with the temporary one from the short sign-up", async () => {
    const creator = await t.createCreator()
    const registered = await t.inject({
      method: "POST",
      url: "/v1/auth/customer/register/short",
      payload: {
        email: "temporaria@exemplo.com.br",
        token: captchaTokens.valid,
        from: creator.username,
      },
    })
    const { accessToken, password } = registered.json()
    const res = await change(accessToken, {
      currentPassword: password,
      newPassword: "escolhida",
      captchaToken: captchaTokens.valid,
    })
    expect(res.statusCode).toBe(200)
  })

  it("answers 422 Senha incorreta for a wrong current password and keeps the old one", async () => {
    const person = await t.createAccount()
    const res = await change(person.token, {
      currentPassword: "nao-e-essa",
      newPassword: "senha-nova",
      captchaToken: captchaTokens.valid,
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      message: "Senha incorreta",
      code: "wrong_password",
      field: "currentPassword",
    })
    expect((await t.inject({ url: "/v1/auth/session", token: person.token })).statusCode).toBe(200)
  })

  it("needs a session, a valid new password and a passing bot check", async () => {
    const person = await t.createAccount()
    const anonymous = await change(undefined, {
      currentPassword: "x",
      newPassword: "senha-nova",
      captchaToken: captchaTokens.valid,
    })
    expect(anonymous.statusCode).toBe(401)

    const short = await change(person.token, {
      currentPassword: person.password,
      newPassword: "123",
      captchaToken: captchaTokens.valid,
    })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toEqual({
      message: "Inválido",
      code: "validation_error",
      field: "newPassword",
    })

    const bot = await change(person.token, {
      currentPassword: person.password,
      newPassword: "senha-nova",
      captchaToken: captchaTokens.lowScore,
    })
    expect(bot.statusCode).toBe(400)
    expect(bot.json()).toEqual({
      message:
        "Não foi possível confirmar que você não é um robô. Atualize a página e tente novamente.",
      code: "captcha_failed",
    })
    expect((await t.inject({ url: "/v1/auth/session", token: person.token })).statusCode).toBe(200)
  })
})
