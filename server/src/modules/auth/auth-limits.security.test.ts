import { afterAll, beforeAll, describe, expect, it } from "vitest"
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
