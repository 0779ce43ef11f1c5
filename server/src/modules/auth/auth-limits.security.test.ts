import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captchaTokens } from "../../testing/fake-recaptcha.ts"
import { createTestApp, type TestApp } from "../../testing/test-app.ts"

let t: TestApp
let ip = 0
const nextIp = () => `100.65.0.${++ip}`

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const login = (usernameOrEmail: string, password: string) =>
  t.inject({
    method: "POST",
    url: "/v1/auth/login",
    payload: { usernameOrEmail, password },
    remoteAddress: nextIp(),
  })

describe("per-account limits that rotating addresses cannot get around", () => {
  it("counts guesses by e-mail and by username against the same creator", async () => {
    const creator = await t.createCreator()
    for (let i = 0; i < 10; i++)
      expect((await login(i % 2 ? creator.email : creator.username, "chute-123")).statusCode).toBe(
        401,
      )
    expect((await login(creator.username, "chute-123")).statusCode).toBe(429)
    expect((await login(creator.email, creator.password)).statusCode).toBe(429)
    t.clock.advance(16 * 60_000)
    expect((await login(creator.username, creator.password)).statusCode).toBe(200)
  })

  it("limits checks of one e-mail to 20 every 15 minutes", async () => {
    const person = await t.createAccount()
    const check = () =>
      t.inject({ url: `/v1/auth/check/email/${person.email}`, remoteAddress: nextIp() })
    for (let i = 0; i < 20; i++) expect((await check()).statusCode).toBe(200)
    const blocked = await check()
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe("too_many_requests")
    t.clock.advance(16 * 60_000)
    expect((await check()).statusCode).toBe(200)
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
