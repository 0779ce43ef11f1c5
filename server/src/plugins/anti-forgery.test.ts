import fastifyCookie from "@fastify/cookie"
import Fastify from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { registerAntiForgery } from "./anti-forgery.ts"
import { errorHandler } from "./error-handler.ts"

const app = Fastify()

beforeAll(async () => {
  app.setErrorHandler(errorHandler)
  await app.register(fastifyCookie)
  await app.register(
    async (v1) => {
      registerAntiForgery(v1, { secureCookie: true })
      v1.post("/webhooks/iugu", async () => ({ ok: true }))
      v1.post("/anything", async () => ({ ok: true }))
      v1.get("/anything", async () => ({ ok: true }))
      v1.get("/health", async () => ({ status: "ok" }))
    },
    { prefix: "/v1" },
  )
  await app.ready()
})
afterAll(() => app.close())

describe("anti-forgery", () => {
  it("lets provider webhooks in without the cookie", async () => {
    expect(
      (await app.inject({ method: "POST", url: "/v1/webhooks/iugu", payload: {} })).statusCode,
    ).toBe(200)
  })

  it("needs the header to equal the cookie on other non-GET requests", async () => {
    expect(
      (await app.inject({ method: "POST", url: "/v1/anything", payload: {} })).statusCode,
    ).toBe(403)
    const ok = await app.inject({
      method: "POST",
      url: "/v1/anything",
      payload: {},
      cookies: { "XSRF-TOKEN": "abc" },
      headers: { "x-xsrf-token": "abc" },
    })
    expect(ok.statusCode).toBe(200)
  })

  it("sets a Secure cookie over HTTPS from the health check, and leaves other GETs alone", async () => {
    const other = await app.inject({ url: "/v1/anything" })
    expect(other.statusCode).toBe(200)
    expect(other.cookies).toEqual([])
    const res = await app.inject({ url: "/v1/health" })
    expect(res.statusCode).toBe(200)
    expect(res.cookies[0]).toMatchObject({
      name: "XSRF-TOKEN",
      secure: true,
      sameSite: "Lax",
      path: "/",
    })
  })
})
