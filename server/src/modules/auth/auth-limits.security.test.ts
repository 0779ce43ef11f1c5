import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captchaTokens } from "../../../test/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let ip = 0
const nextIp = () => {
  ip += 1
  return `100.65.${ip >> 8}.${ip & 255}`
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (
  usernameOrEmail: string,
  password: string,
  remoteAddress = nextIp(),
  token?: string,
) =>
  t.inject({
    method: "POST",
    url: "/v1/auth/login",
    payload: { usernameOrEmail, password, ...(token === undefined ? {} : { token }) },
    remoteAddress,
  })

const statusesOf = async (attempts: number, attempt: () => Promise<{ statusCode: number }>) => {
  const statuses: number[] = []
  for (let i = 0; i < attempts; i++) statuses.push((await attempt()).statusCode)
  return statuses
}

describe("failed logins slow the guesser down and never lock the owner out", () => {
  it("counts failures only: signing in again and again is never refused", async () => {
    const person = await t.createAccount()
    expect(await statusesOf(15, () => login(person.email, person.password))).toEqual(
      Array(15).fill(200),
    )
  })

  it("keeps the owner in from another address, with the right password, after ten wrong ones from one address", async () => {
    const person = await t.createAccount()
    const attacker = nextIp()
    const guesses = await statusesOf(10, () => login(person.email, "chute-123", attacker))
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(guesses.slice(5).every((status) => status === 429)).toBe(true)
    expect((await login(person.email, person.password)).statusCode).toBe(200)
  })

  it("makes the guessing address wait longer after each failure past the fifth, on that account only", async () => {
    const person = await t.createAccount()
    const other = await t.createAccount()
    const attacker = nextIp()
    const retryAfters: number[] = []
    for (let i = 0; i < 5; i++)
      expect((await login(person.email, "chute-123", attacker)).statusCode).toBe(401)
    for (let round = 0; round < 4; round++) {
      const refused = await login(person.email, person.password, attacker)
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toEqual({
        message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
        code: "too_many_requests",
      })
      const wait = Number(refused.headers["retry-after"])
      retryAfters.push(wait)
      // The same address may still sign in to another account.
      expect((await login(other.email, other.password, attacker)).statusCode).toBe(200)
      t.clock.advance(wait * 1000)
      expect((await login(person.email, "chute-123", attacker)).statusCode).toBe(401)
    }
    expect(retryAfters).toEqual([30, 60, 120, 240])
    // The right password once the wait is over lets the address in and forgets its failures.
    t.clock.advance(481_000)
    expect((await login(person.email, person.password, attacker)).statusCode).toBe(200)
    expect(await statusesOf(5, () => login(person.email, "chute-123", attacker))).toEqual(
      Array(5).fill(401),
    )
  })

  it("asks for the bot check once an account is guessed at from many addresses, by e-mail and username alike; the owner passes it and gets in", async () => {
    const creator = await t.createCreator()
    for (let i = 0; i < 10; i++)
      expect((await login(i % 2 ? creator.email : creator.username, "chute-123")).statusCode).toBe(
        401,
      )
    for (const token of [undefined, captchaTokens.rejected]) {
      const refused = await login(creator.username, "chute-123", nextIp(), token)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().code).toBe("captcha_failed")
    }
    const owner = await login(creator.email, creator.password, nextIp(), captchaTokens.valid)
    expect(owner.statusCode).toBe(200)
    // Once the 15 minutes have passed, no bot check is asked.
    t.clock.advance(16 * 60_000)
    expect((await login(creator.username, creator.password)).statusCode).toBe(200)
  })

  it("answers an unknown login exactly as a wrong password on an account", async () => {
    const person = await t.createAccount()
    const run = async (usernameOrEmail: string) => {
      const address = nextIp()
      const answers: string[] = []
      for (let i = 0; i < 7; i++) {
        const res = await login(usernameOrEmail, "chute-123", address)
        answers.push(`${res.statusCode} ${res.body} ${res.headers["retry-after"] ?? ""}`)
      }
      for (let i = 0; i < 10; i++) await login(usernameOrEmail, "chute-123")
      const res = await login(usernameOrEmail, "chute-123")
      answers.push(`${res.statusCode} ${res.body}`)
      return answers
    }
    expect(await run("ninguem.aqui@exemplo.com.br")).toEqual(await run(person.email))
  })
})

describe("per-address limits on password recovery", () => {
  const recover = (step: "code" | "password", remoteAddress: string, n: number) =>
    t.inject({
      method: "POST",
      url: `/v1/auth/recover/${step}`,
      remoteAddress,
      // A new e-mail each time: only the address is shared, so no per-account limit applies.
      payload: {
        email: `recupera${n}@exemplo.com.br`,
        gToken: captchaTokens.valid,
        ...(step === "code"
          ? { recoveryCode: "123456" }
          : { recoveryToken: "t".repeat(43), password: "nova-senha" }),
      },
    })

  it.each([
    ["code", 20, "invalid_code"],
    ["password", 10, "recovery_token_invalid"],
  ] as const)(
    "lets one address try /auth/recover/%s %i times every 15 minutes",
    async (step, max, refusal) => {
      const address = nextIp()
      for (let n = 0; n < max; n++) {
        const res = await recover(step, address, n)
        expect(res.statusCode, `attempt ${n + 1}`).toBe(422)
        expect(res.json().code).toBe(refusal)
      }
      const blocked = await recover(step, address, max)
      expect(blocked.statusCode).toBe(429)
      expect(blocked.json()).toEqual({
        message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
        code: "too_many_requests",
      })
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0)
      // Another address is not blocked, and this one is let through once the window passes.
      expect((await recover(step, nextIp(), max + 1)).statusCode).toBe(422)
      t.clock.advance(15 * 60_000 + 1_000)
      expect((await recover(step, address, max + 2)).statusCode).toBe(422)
    },
  )
})
