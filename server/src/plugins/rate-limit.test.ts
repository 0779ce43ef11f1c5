import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createAcceptAllCaptcha } from "../adapters/captcha/captcha.ts"
import { buildApp } from "../app.ts"
import { createTestApp, type TestApp } from "../../test/test-app.ts"
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
    gateways: t.gateways,
    config: t.config,
  })
})
afterAll(async () => {
  await replica.close()
  await t.close()
})

const login = (app: FastifyInstance, n: number, remoteAddress = "192.0.2.50") =>
  app.inject({
    method: "POST",
    url: "/v1/auth/login",
    remoteAddress,
    cookies: t.xsrf.cookies,
    headers: t.xsrf.headers,
    payload: { usernameOrEmail: `pessoa${n}@exemplo.com.br`, password: "qualquer-coisa" },
  })

describe("rate limits", () => {
  it("are shared by every replica through the database", async () => {
    for (let i = 0; i < 10; i++) expect((await login(t.app, i)).statusCode).toBe(401)
    for (let i = 10; i < 20; i++) expect((await login(replica, i)).statusCode).toBe(401)
    const blocked = await login(replica, 20)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      message: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
      code: "too_many_requests",
    })
    expect(blocked.headers["retry-after"]).toBeDefined()
    expect((await login(t.app, 21)).statusCode).toBe(429)
  })

  it("count each client address on its own and reopen when the window passes", async () => {
    expect((await login(t.app, 22, "192.0.2.51")).statusCode).toBe(401)
    t.clock.advance(15 * 60_000 + 1_000)
    expect((await login(replica, 23)).statusCode).toBe(401)
  })

  it("count each route on its own: using up the login attempts leaves the rest open", async () => {
    const address = "192.0.2.77"
    for (let i = 0; i < 20; i++) await login(t.app, 100 + i, address)
    expect((await login(t.app, 120, address)).statusCode).toBe(429)
    const event = await t.inject({
      method: "POST",
      url: "/v1/events",
      remoteAddress: address,
      payload: { name: "auth" },
    })
    expect(event.statusCode).toBe(200)
  })
})
