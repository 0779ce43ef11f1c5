import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

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

  it("revokes the older tokens on the reads that check them in their own query too", async () => {
    const creator = await t.createCreator()
    await t.createStory(creator.profileId)
    const story = await t.createStory(creator.profileId)
    await t.createHighlight(creator.profileId, "Viagem", [story.id])
    await t.createMedia(creator.profileId)
    const person = await t.createAccount()
    await t.createSubscription({ accountId: person.id, profileId: creator.profileId })
    const reads = {
      medias: `/v1/u/${creator.username}/medias`,
      stories: `/v1/u/${creator.username}/stories`,
      subscription: `/v1/${creator.username}/subscription`,
      highlights: `/v1/u/${creator.username}/highlights`,
    }
    const read = async (token: string) => {
      const answers: Record<string, { status: number; code?: string; stories?: number }> = {}
      for (const [name, url] of Object.entries(reads)) {
        const res = await t.inject({ url, token })
        const body = res.json()
        answers[name] = {
          status: res.statusCode,
          code: body?.code,
          ...(name === "highlights" ? { stories: body[0]?.stories?.length ?? 0 } : {}),
        }
      }
      return answers
    }
    expect(await read(person.token)).toEqual({
      medias: { status: 200, code: undefined },
      stories: { status: 200, code: undefined },
      subscription: { status: 200, code: undefined },
      highlights: { status: 200, code: undefined, stories: 1 },
    })

    const res = await change(person.token, {
      currentPassword: person.password,
      newPassword: "senha-nova",
      captchaToken: captchaTokens.valid,
    })
    expect(res.statusCode).toBe(200)
    // The old token is a visitor's now; the route that needs an account says the session ended.
    expect(await read(person.token)).toEqual({
      medias: { status: 401, code: "unauthorized" },
      stories: { status: 401, code: "unauthorized" },
      subscription: { status: 401, code: "session_expired" },
      highlights: { status: 200, code: undefined, stories: 0 },
    })
    const fresh = await read(res.json().accessToken)
    expect(fresh.medias?.status).toBe(200)
    expect(fresh.subscription?.status).toBe(200)
    // A revoked token asking about nobody is still refused first, as before.
    const nobody = await t.inject({ url: "/v1/ninguem-aqui/subscription", token: person.token })
    expect(nobody.json().code).toBe("session_expired")
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

    for (const [payload, field] of [
      [{ newPassword: "senha-nova", captchaToken: captchaTokens.valid }, "currentPassword"],
      [
        { currentPassword: "", newPassword: "senha-nova", captchaToken: captchaTokens.valid },
        "currentPassword",
      ],
      [{ currentPassword: person.password, captchaToken: captchaTokens.valid }, "newPassword"],
    ] as const) {
      const missing = await change(person.token, payload)
      expect(missing.statusCode, field).toBe(400)
      expect(missing.json()).toEqual({ message: "Obrigatório", code: "validation_error", field })
    }

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
