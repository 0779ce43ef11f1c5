import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createAcceptAllCaptcha } from "../adapters/captcha/captcha.ts"
import { buildApp } from "../app.ts"
import { createTestApp, type TestApp } from "../testing/test-app.ts"
import type { FastifyInstance } from "fastify"

let t: TestApp
let replica: FastifyInstance

beforeAll(async () => {
  t = await createTestApp()
  // A second app on the same database stands in for another replica behind the load balancer.
  replica = await buildApp({
    db: t.db,
    clock: t.clock,
    mailer: t.mailer,
    captcha: createAcceptAllCaptcha({ info: () => {}, warn: () => {} }),
    storage: t.storage,
    config: t.config,
  })
})
afterAll(async () => {
  await replica.close()
  await t.close()
})

const checkEmail = (app: FastifyInstance, n: number) =>
  app.inject({ url: `/v1/auth/check/email/pessoa${n}@exemplo.com.br`, remoteAddress: "192.0.2.50" })

describe("rate limits", () => {
  it("are shared by every replica through the database", async () => {
    for (let i = 0; i < 30; i++) expect((await checkEmail(t.app, i)).statusCode).toBe(200)
    for (let i = 30; i < 60; i++) expect((await checkEmail(replica, i)).statusCode).toBe(200)
    const blocked = await checkEmail(replica, 60)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
      code: "too_many_requests",
    })
    expect(blocked.headers["retry-after"]).toBeDefined()
    expect((await checkEmail(t.app, 61)).statusCode).toBe(429)
  })

  it("count each client address on its own and reopen when the window passes", async () => {
    expect(
      (
        await t.app.inject({
          url: "/v1/auth/check/email/x@exemplo.com.br",
          remoteAddress: "192.0.2.51",
        })
      ).statusCode,
    ).toBe(200)
    t.clock.advance(61_000)
    expect((await checkEmail(replica, 62)).statusCode).toBe(200)
  })

  it("count each route on its own: browsing never uses up the login attempts", async () => {
    const address = "192.0.2.77"
    for (let i = 0; i < 61; i++)
      await t.app.inject({
        url: `/v1/auth/check/email/outra${i}@exemplo.com.br`,
        remoteAddress: address,
      })
    const blocked = await t.app.inject({
      url: "/v1/auth/check/email/mais@exemplo.com.br",
      remoteAddress: address,
    })
    expect(blocked.statusCode).toBe(429)
    const login = await t.inject({
      method: "POST",
      url: "/v1/auth/login",
      remoteAddress: address,
      payload: { usernameOrEmail: "ninguem@exemplo.com.br", password: "qualquer-coisa" },
    })
    expect(login.statusCode).toBe(401)
  })
})
