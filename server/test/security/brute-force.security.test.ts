import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captchaTokens } from "../fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../test-app.ts"

/** An attacker with a botnet: every guess from a new address, so only per-account limits hold. */
let t: TestApp
let ip = 0
const nextIp = () => {
  ip += 1
  return `100.64.${(ip >> 8) & 255}.${ip & 255}`
}
const minute = 60_000
const hour = 60 * minute

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const post = (url: string, payload: object, remoteAddress = nextIp()) =>
  t.inject({ method: "POST", url, payload, remoteAddress })

describe("guessing passwords and codes", () => {
  it("gives a botnet that cannot pass the bot check at most 10 password guesses per account every 15 minutes, by e-mail and username together, and never locks the owner out", async () => {
    const creator = await t.createCreator()
    let evaluated = 0
    let refused = 0
    // One hour, in steps of 5 minutes: guess by e-mail and by username until the bot check is asked.
    for (let step = 0; step < 12; step++) {
      for (const login of [creator.email, creator.username]) {
        for (;;) {
          const res = await post("/v1/auth/login", {
            usernameOrEmail: login,
            password: "chute-123",
          })
          if (res.statusCode === 401) evaluated += 1
          else if (res.statusCode === 400 && res.json().code === "captcha_failed") {
            refused += 1
            break
          } else throw new Error(`unexpected ${res.statusCode} ${res.body}`)
        }
      }
      // The owner, from an address of her own and with her browser's bot check, gets in at once.
      const owner = await post("/v1/auth/login", {
        usernameOrEmail: creator.email,
        password: creator.password,
        token: captchaTokens.valid,
      })
      expect(owner.statusCode, owner.body).toBe(200)
      t.clock.advance(5 * minute)
    }
    console.log(
      `brute force, login: ${evaluated} password guesses per hour on one account from rotating addresses (${refused} refused by the bot check)`,
    )
    expect(evaluated).toBeLessThanOrEqual(40)
  }, 120_000)

  it("gives one address at most 20 login attempts every 15 minutes, over any accounts", async () => {
    const address = nextIp()
    const statuses: number[] = []
    for (let i = 0; i < 25; i++)
      statuses.push(
        (
          await post(
            "/v1/auth/login",
            { usernameOrEmail: `alvo${i}@exemplo.com.br`, password: "x1234567" },
            address,
          )
        ).statusCode,
      )
    expect(statuses.filter((status) => status === 401)).toHaveLength(20)
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true)
  })

  it("gives an attacker at most 5 guesses per recovery code it asks for, 10 a day on codes it did not, few codes per hour, and leaves the owner's code alone", async () => {
    const victim = await t.createAccount()
    let evaluated = 0
    let codes = 0
    let perCodeMax = 0
    const guessUntilRefused = async (address?: string, code?: string) => {
      let guesses = 0
      for (let guess = 0; guess < 50; guess++) {
        // Never the real code: the count is of wrong guesses the server agreed to check.
        const attempt = String((guess * 7919 + 1) % 1_000_000).padStart(6, "0")
        if (attempt === code) continue
        const res = await post(
          "/v1/auth/recover/code",
          { email: victim.email, gToken: captchaTokens.valid, recoveryCode: attempt },
          address,
        )
        if (res.statusCode === 422 && res.json().code === "invalid_code") guesses += 1
        else break
      }
      return guesses
    }
    const start = t.clock.now().getTime()
    while (t.clock.now().getTime() - start < hour) {
      // Asking from the guessing address: its tries burn the code it asked for.
      const address = nextIp()
      const sent = await post(
        "/v1/auth/recover/email",
        { email: victim.email, token: captchaTokens.valid },
        address,
      )
      const mail = t.mailer.lastTo(victim.email)
      const code = sent.statusCode === 200 ? /(\d{6})/.exec(mail?.text ?? "")?.[1] : undefined
      if (code && mail !== undefined) {
        codes += 1
        t.mailer.sent.splice(t.mailer.sent.indexOf(mail), 1)
      }
      const onThisCode = await guessUntilRefused(address, code)
      perCodeMax = Math.max(perCodeMax, onThisCode)
      // And from addresses that did not ask, each guess from a new one.
      evaluated += onThisCode + (await guessUntilRefused(undefined, code))
      // Three codes per e-mail every 15 minutes: asking every 5 minutes gets them all.
      t.clock.advance(5 * minute)
    }
    const odds = evaluated / 1_000_000
    console.log(
      `brute force, recovery: ${evaluated} code guesses per hour on one account (${codes} codes issued, ` +
        `at most ${perCodeMax} guesses per code from the address that asked, 10 a day from others; chance of success per hour ${odds.toExponential(1)})`,
    )
    expect(perCodeMax).toBeLessThanOrEqual(5)
    expect(evaluated).toBeLessThanOrEqual(5 * codes + 10)
    expect(codes).toBeLessThanOrEqual(12)

    // The owner's code is good from her address even after others' guesses, and a new one replaced the old.
    t.clock.advance(16 * minute)
    const owner = nextIp()
    await post("/v1/auth/recover/email", { email: victim.email, token: captchaTokens.valid }, owner)
    const first = /(\d{6})/.exec(t.mailer.lastTo(victim.email)!.text)![1]!
    await post("/v1/auth/recover/email", { email: victim.email, token: captchaTokens.valid }, owner)
    const second = /(\d{6})/.exec(t.mailer.lastTo(victim.email)!.text)![1]!
    await guessUntilRefused(undefined, second)
    if (first !== second) {
      const old = await post(
        "/v1/auth/recover/code",
        { email: victim.email, gToken: captchaTokens.valid, recoveryCode: first },
        owner,
      )
      expect(old.statusCode).toBe(422)
    }
    const late = await post(
      "/v1/auth/recover/code",
      { email: victim.email, gToken: captchaTokens.valid, recoveryCode: second },
      owner,
    )
    expect(late.statusCode, late.body).toBe(200)
  }, 120_000)

  it("says an e-mail has an account only past the bot check, at most 20 times an hour per address over sign-up and guest checkout together", async () => {
    const creator = await t.createCreator({ paymentGateway: "iugu" })
    const taken = await t.createAccount()
    const address = nextIp()
    const attempt = (i: number, token: string) =>
      i % 2
        ? post(
            "/v1/auth/customer/register/short",
            { email: taken.email, token, from: creator.username, password: "outra-senha" },
            address,
          )
        : post(
            `/v1/${creator.username}/iugu/subscription/pix`,
            { email: taken.email, planName: "MONTHLY", typeAuth: "new_user", token },
            address,
          )
    for (const i of [0, 1]) {
      const bot = await attempt(i, captchaTokens.rejected)
      expect(bot.statusCode, bot.body).toBe(400)
      expect(bot.json().code).toBe("captcha_failed")
    }
    let told = 0
    for (let i = 0; i < 30; i++) {
      const res = await attempt(i, captchaTokens.valid)
      if (res.statusCode === 409) told += 1
      else expect(res.statusCode, res.body).toBe(429)
    }
    // There is no other way to ask: the e-mail check is gone.
    expect((await t.inject({ url: `/v1/auth/check/email/${taken.email}` })).statusCode).toBe(404)
    console.log(
      `brute force, e-mail existence: ${told} answers per hour from one address, only past the bot check`,
    )
    expect(told).toBe(20)
  })
})
