import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { recoveryCodes } from "../../db/schema.ts"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let ip = 0
const nextIp = () => `10.1.0.${++ip}`

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const post = (url: string, payload: object, remoteAddress = nextIp()) =>
  t.inject({ method: "POST", url, payload, remoteAddress })
const askCode = (email: string, address?: string) =>
  post("/v1/auth/recover/email", { email, token: captchaTokens.valid }, address)
const sendCode = (email: string, recoveryCode: string, address?: string) =>
  post("/v1/auth/recover/code", { email, gToken: captchaTokens.valid, recoveryCode }, address)
const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000")
const setPassword = (email: string, recoveryToken: string, password: string) =>
  post("/v1/auth/recover/password", { email, recoveryToken, gToken: captchaTokens.valid, password })
const mailedCode = (email: string) => /\b(\d{6})\b/.exec(t.mailer.lastTo(email)!.text)![1]!

describe("password recovery", () => {
  it("mails a 6-digit code, trades it for a token, sets the password and revokes older tokens", async () => {
    const person = await t.createAccount()
    const asked = await askCode(person.email.toUpperCase())
    expect(asked.statusCode).toBe(200)
    const mail = t.mailer.lastTo(person.email)!
    expect(mail.subject).toBe("Seu código de verificação")

    const [stored] = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.accountId, person.id))
    expect(stored!.codeHash).not.toContain(mailedCode(person.email))

    const checked = await sendCode(person.email, mailedCode(person.email))
    expect(checked.statusCode).toBe(200)
    const { recoveryToken } = checked.json()
    expect(recoveryToken).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const done = await setPassword(person.email, recoveryToken, "nova-senha")
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ message: "Senha atualizada com sucesso" })
    expect(t.mailer.lastTo(person.email)!.subject).toBe("Sua senha foi alterada")

    expect((await t.inject({ url: "/v1/auth/session", token: person.token })).statusCode).toBe(401)
    const relogin = await post("/v1/auth/login", {
      usernameOrEmail: person.email,
      password: "nova-senha",
    })
    expect(relogin.statusCode).toBe(200)
    expect(
      (await post("/v1/auth/login", { usernameOrEmail: person.email, password: person.password }))
        .statusCode,
    ).toBe(401)

    const again = await setPassword(person.email, recoveryToken, "outra-senha")
    expect(again.statusCode).toBe(422)
    expect(again.json().code).toBe("recovery_token_invalid")
  })

  it("answers the same for an unknown e-mail and mails nothing", async () => {
    const known = await t.createAccount()
    const a = await askCode(known.email)
    const sentBefore = t.mailer.sent.length
    const b = await askCode("ninguem.aqui@exemplo.com.br")
    expect(b.statusCode).toBe(a.statusCode)
    expect(b.body).toBe(a.body)
    expect(a.json()).toEqual({
      message:
        "Se o e-mail estiver cadastrado, você receberá um código de verificação em instantes.",
    })
    expect(t.mailer.sent.length).toBe(sentBefore)
  })

  it("accepts a code once only", async () => {
    const person = await t.createAccount()
    await askCode(person.email)
    const code = mailedCode(person.email)
    expect((await sendCode(person.email, code)).statusCode).toBe(200)
    const reuse = await sendCode(person.email, code)
    expect(reuse.statusCode).toBe(422)
    expect(reuse.json()).toEqual({
      message: "Código inválido ou expirado.",
      code: "invalid_code",
      field: "recoveryCode",
    })
  })

  it("refuses the code after 10 minutes as it refuses a wrong one", async () => {
    const person = await t.createAccount()
    const address = nextIp()
    await askCode(person.email, address)
    t.clock.advance(10 * 60_000 + 1000)
    const res = await sendCode(person.email, mailedCode(person.email), address)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      message: "Código inválido ou expirado.",
      code: "invalid_code",
      field: "recoveryCode",
    })
  })

  it("gives the address that asked 5 tries, then burns the code even for the right one", async () => {
    const person = await t.createAccount()
    const address = nextIp()
    await askCode(person.email, address)
    const code = mailedCode(person.email)
    for (let i = 0; i < 5; i++)
      expect((await sendCode(person.email, wrongCode(code), address)).json().code).toBe(
        "invalid_code",
      )
    const blocked = await sendCode(person.email, code, address)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      message: "Muitas tentativas. Solicite um novo código.",
      code: "too_many_attempts",
    })
    // Burnt for every address, and a new code brings new tries.
    expect((await sendCode(person.email, code)).statusCode).toBe(422)
    await askCode(person.email, address)
    expect((await sendCode(person.email, mailedCode(person.email), address)).statusCode).toBe(200)
  })

  it("never lets another address burn the owner's code; it gets 10 wrong tries a day per e-mail", async () => {
    const person = await t.createAccount()
    const owner = nextIp()
    await askCode(person.email, owner)
    const code = mailedCode(person.email)
    for (let i = 0; i < 10; i++)
      expect((await sendCode(person.email, wrongCode(code))).statusCode, `guess ${i + 1}`).toBe(422)
    const capped = await sendCode(person.email, code)
    expect(capped.statusCode).toBe(429)
    expect(capped.json().code).toBe("too_many_attempts")
    expect((await sendCode(person.email, code, owner)).statusCode).toBe(200)
  })

  it("answers and limits an unknown e-mail exactly as one with an account", async () => {
    const person = await t.createAccount()
    const answers = async (email: string) => {
      const address = nextIp()
      const seen: string[] = []
      const note = (res: { statusCode: number; body: string }) =>
        seen.push(`${res.statusCode} ${res.body}`)
      note(await askCode(email, address))
      // Six wrong codes from the address that asked, then eleven from elsewhere.
      for (let i = 0; i < 6; i++) note(await sendCode(email, "000000", address))
      for (let i = 0; i < 11; i++) note(await sendCode(email, "000000"))
      return seen
    }
    const unknown = await answers("ninguem.recupera@exemplo.com.br")
    // A code that happens to be 000000 would be accepted: ask again until it is not.
    let known: string[]
    do {
      t.clock.advance(24 * 60 * 60_000)
      known = await answers(person.email)
    } while (mailedCode(person.email) === "000000")
    expect(known).toEqual(unknown)
    expect(unknown.filter((answer) => answer.startsWith("429"))).toHaveLength(2)
  })

  it("replaces an earlier code with a new one", async () => {
    const person = await t.createAccount()
    await askCode(person.email)
    const first = mailedCode(person.email)
    await askCode(person.email)
    const second = mailedCode(person.email)
    if (first !== second) expect((await sendCode(person.email, first)).statusCode).toBe(422)
    expect((await sendCode(person.email, second)).statusCode).toBe(200)
  })

  it("expires the recovery token after 10 minutes", async () => {
    const person = await t.createAccount()
    await askCode(person.email)
    const { recoveryToken } = (await sendCode(person.email, mailedCode(person.email))).json()
    t.clock.advance(11 * 60_000)
    const res = await setPassword(person.email, recoveryToken, "nova-senha")
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      message: "Sua solicitação expirou. Peça um novo código para trocar a senha.",
      code: "recovery_token_invalid",
      field: "recoveryToken",
    })
  })

  it("refuses a token issued for another e-mail", async () => {
    const a = await t.createAccount()
    const b = await t.createAccount()
    await askCode(a.email)
    const { recoveryToken } = (await sendCode(a.email, mailedCode(a.email))).json()
    expect((await setPassword(b.email, recoveryToken, "nova-senha")).statusCode).toBe(422)
  })

  it("limits code requests per e-mail", async () => {
    const person = await t.createAccount()
    for (let i = 0; i < 3; i++) expect((await askCode(person.email)).statusCode).toBe(200)
    const res = await askCode(person.email)
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe("too_many_requests")
  })

  it("validates each step in pt-BR and checks the bot token", async () => {
    const cases = [
      ["/v1/auth/recover/email", { token: captchaTokens.valid }, "email", "Obrigatório"],
      [
        "/v1/auth/recover/email",
        { email: "x@", token: captchaTokens.valid },
        "email",
        "Email inválido",
      ],
      [
        "/v1/auth/recover/code",
        { gToken: captchaTokens.valid, recoveryCode: "123456" },
        "email",
        "Obrigatório",
      ],
      [
        "/v1/auth/recover/code",
        { email: "  ", gToken: captchaTokens.valid, recoveryCode: "123456" },
        "email",
        "Obrigatório",
      ],
      [
        "/v1/auth/recover/code",
        { email: "a@exemplo", gToken: captchaTokens.valid, recoveryCode: "123456" },
        "email",
        "Email inválido",
      ],
      [
        "/v1/auth/recover/code",
        { email: "a@exemplo.com.br", gToken: captchaTokens.valid, recoveryCode: "12ab" },
        "recoveryCode",
        "Inválido",
      ],
      [
        "/v1/auth/recover/code",
        { email: "a@exemplo.com.br", gToken: captchaTokens.valid },
        "recoveryCode",
        "Obrigatório",
      ],
      [
        "/v1/auth/recover/password",
        {
          email: "a@exemplo.com.br",
          recoveryToken: "x",
          gToken: captchaTokens.valid,
          password: "123",
        },
        "password",
        "Inválido",
      ],
      [
        "/v1/auth/recover/password",
        { email: "a@exemplo.com.br", gToken: captchaTokens.valid, password: "123456" },
        "recoveryToken",
        "Obrigatório",
      ],
      [
        "/v1/auth/recover/password",
        { email: "a@exemplo.com.br", recoveryToken: "x", gToken: captchaTokens.valid },
        "password",
        "Obrigatório",
      ],
      [
        "/v1/auth/recover/password",
        {
          email: "a@exemplo.com.br",
          recoveryToken: "x",
          gToken: captchaTokens.valid,
          password: "",
        },
        "password",
        "Obrigatório",
      ],
    ] as const
    for (const [url, payload, field, message] of cases) {
      const res = await post(url, payload)
      expect(res.statusCode, `${url} ${field}`).toBe(400)
      expect(res.json()).toEqual({ message, code: "validation_error", field })
    }
    const person = await t.createAccount()
    const bot = await post("/v1/auth/recover/email", {
      email: person.email,
      token: captchaTokens.rejected,
    })
    expect(bot.statusCode).toBe(400)
    expect(bot.json().code).toBe("captcha_failed")
    expect(t.mailer.lastTo(person.email)).toBeUndefined()
  })

  it("refuses a failed bot check when the code is sent, without spending a try", async () => {
    const person = await t.createAccount()
    await askCode(person.email)
    const code = mailedCode(person.email)
    for (const gToken of [captchaTokens.rejected, captchaTokens.lowScore, ""]) {
      const res = await post("/v1/auth/recover/code", {
        email: person.email,
        gToken,
        recoveryCode: code,
      })
      expect(res.statusCode, gToken).toBe(400)
      expect(res.json()).toEqual({
        message:
          "Não foi possível confirmar que você não é um robô. Atualize a página e tente novamente.",
        code: "captcha_failed",
      })
    }
    const [row] = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.accountId, person.id))
    expect(row).toMatchObject({ attempts: 0, tokenHash: null })
    expect((await sendCode(person.email, code)).statusCode).toBe(200)
  })

  it("refuses a failed bot check when the new password is set, and keeps the old one", async () => {
    const person = await t.createAccount()
    await askCode(person.email)
    const { recoveryToken } = (await sendCode(person.email, mailedCode(person.email))).json()
    const res = await post("/v1/auth/recover/password", {
      email: person.email,
      recoveryToken,
      gToken: captchaTokens.rejected,
      password: "nova-senha",
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message:
        "Não foi possível confirmar que você não é um robô. Atualize a página e tente novamente.",
      code: "captcha_failed",
    })
    expect((await t.inject({ url: "/v1/auth/session", token: person.token })).statusCode).toBe(200)
    const oldPassword = await post("/v1/auth/login", {
      usernameOrEmail: person.email,
      password: person.password,
    })
    expect(oldPassword.statusCode).toBe(200)
    // The token was not spent: the person can still finish.
    expect((await setPassword(person.email, recoveryToken, "nova-senha")).statusCode).toBe(200)
  })

  it("asks a higher bot-check score than sign-up does, at every step", async () => {
    const creator = await t.createCreator()
    const signUp = await post("/v1/auth/customer/register/short", {
      email: "pontuacao.media@exemplo.com.br",
      token: captchaTokens.middleScore,
      from: creator.username,
      password: "senha123",
    })
    expect(signUp.statusCode).toBe(200)

    const person = await t.createAccount()
    const middle = captchaTokens.middleScore
    const email = await post("/v1/auth/recover/email", { email: person.email, token: middle })
    expect(email.statusCode).toBe(400)
    expect(email.json().code).toBe("captcha_failed")
    expect(t.mailer.lastTo(person.email)).toBeUndefined()

    await askCode(person.email)
    const code = mailedCode(person.email)
    const checked = await post("/v1/auth/recover/code", {
      email: person.email,
      gToken: middle,
      recoveryCode: code,
    })
    expect(checked.json().code).toBe("captcha_failed")
    const { recoveryToken } = (await sendCode(person.email, code)).json()
    const set = await post("/v1/auth/recover/password", {
      email: person.email,
      recoveryToken,
      gToken: middle,
      password: "nova-senha",
    })
    expect(set.json().code).toBe("captcha_failed")
    expect((await t.inject({ url: "/v1/auth/session", token: person.token })).statusCode).toBe(200)
  })
})
