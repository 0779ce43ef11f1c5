import fastifyCookie from "@fastify/cookie"
import Fastify, { type FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { registerAntiForgery, type AntiForgeryOptions } from "./anti-forgery.ts"
import { errorHandler } from "./error-handler.ts"

async function build(options: AntiForgeryOptions) {
  const app = Fastify()
  app.setErrorHandler(errorHandler)
  await app.register(fastifyCookie)
  await app.register(
    async (v1) => {
      registerAntiForgery(v1, options)
      v1.post("/webhooks/iugu", async () => ({ ok: true }))
      v1.post("/anything", async () => ({ ok: true }))
      v1.get("/anything", async () => ({ ok: true }))
      v1.get("/public", async (_request, reply) =>
        reply.header("cache-control", "public, max-age=60, s-maxage=600").send({ ok: true }),
      )
      v1.get("/files/*", async (_request, reply) =>
        reply.header("cache-control", "private, max-age=60").send("bytes"),
      )
    },
    { prefix: "/v1" },
  )
  await app.ready()
  return app
}

let app: FastifyInstance
let sibling: FastifyInstance

beforeAll(async () => {
  app = await build({ secureCookie: true })
  sibling = await build({ secureCookie: true, cookieDomain: "closer.com.br" })
})
afterAll(async () => {
  await app.close()
  await sibling.close()
})

const withCookie = { cookies: { "XSRF-TOKEN": "abc" } }

describe("anti-forgery", () => {
  it("lets provider webhooks in without the cookie, and gives them none", async () => {
    const res = await app.inject({ method: "POST", url: "/v1/webhooks/iugu", payload: {} })
    expect(res.statusCode).toBe(200)
    expect(res.cookies).toEqual([])
  })

  it("needs the header to equal the cookie on other non-GET requests", async () => {
    const missing = await app.inject({ method: "POST", url: "/v1/anything", payload: {} })
    expect(missing.statusCode).toBe(403)
    expect(missing.json()).toEqual({
      message: "Não foi possível validar a sua requisição. Recarregue a página e tente novamente.",
      code: "xsrf_rejected",
    })
    // The refusal brings a cookie, so the retry can echo it.
    expect(missing.cookies.map((cookie) => cookie.name)).toEqual(["XSRF-TOKEN"])
    const wrong = await app.inject({
      method: "POST",
      url: "/v1/anything",
      payload: {},
      ...withCookie,
      headers: { "x-xsrf-token": "abd" },
    })
    expect(wrong.statusCode).toBe(403)
    const ok = await app.inject({
      method: "POST",
      url: "/v1/anything",
      payload: {},
      ...withCookie,
      headers: { "x-xsrf-token": "abc" },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.cookies).toEqual([])
  })

  it("sets a Secure, readable cookie on a first GET, and keeps that answer out of shared caches", async () => {
    const res = await app.inject({ url: "/v1/anything" })
    expect(res.statusCode).toBe(200)
    expect(res.cookies).toHaveLength(1)
    expect(res.cookies[0]).toMatchObject({
      name: "XSRF-TOKEN",
      secure: true,
      sameSite: "Lax",
      path: "/",
    })
    expect(res.cookies[0]!.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.cookies[0]!.httpOnly).toBeFalsy()
    expect(res.cookies[0]!.domain).toBeUndefined()
    expect(res.headers["cache-control"]).toBe("private")
  })

  it("gives each browser its own cookie", async () => {
    const first = await app.inject({ url: "/v1/anything" })
    const second = await app.inject({ url: "/v1/anything" })
    expect(first.cookies[0]!.value).not.toBe(second.cookies[0]!.value)
  })

  it("sets no new cookie for a GET that already carries one, and leaves its caching alone", async () => {
    const res = await app.inject({ url: "/v1/public", ...withCookie })
    expect(res.cookies).toEqual([])
    expect(res.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600")
  })

  it("turns a public answer private when it sets the cookie", async () => {
    const res = await app.inject({ url: "/v1/public" })
    expect(res.cookies.map((cookie) => cookie.name)).toEqual(["XSRF-TOKEN"])
    expect(res.headers["cache-control"]).toBe("private, max-age=60")
  })

  it("sets no cookie on media files", async () => {
    const res = await app.inject({ url: "/v1/files/p/1/a.png" })
    expect(res.statusCode).toBe(200)
    expect(res.cookies).toEqual([])
    expect(res.headers["cache-control"]).toBe("private, max-age=60")
  })

  it("scopes the cookie to the configured parent domain", async () => {
    const res = await sibling.inject({ url: "/v1/anything" })
    expect(res.cookies[0]).toMatchObject({ name: "XSRF-TOKEN", domain: "closer.com.br" })
  })
})
