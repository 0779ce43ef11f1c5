import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../test/test-app.ts"

const app = "https://closer.com.br"

let cross: TestApp

beforeAll(async () => {
  cross = await createTestApp({
    config: {
      publicUrl: "https://api.closer.com.br",
      corsOrigins: [app, "https://www.closer.com.br"],
      cookieDomain: "closer.com.br",
    },
  })
})
afterAll(() => cross.close())

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith("access-control-"))

const preflight = (t: TestApp, origin: string) =>
  t.inject({
    method: "OPTIONS",
    url: "/v1/auth/login",
    xsrf: false,
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type, x-xsrf-token",
    },
  })

describe("an app on another origin", () => {
  it("is answered a preflight from a listed origin, with credentials and our headers only", async () => {
    const res = await preflight(cross, app)
    expect(res.statusCode).toBe(204)
    expect(res.headers["access-control-allow-origin"]).toBe(app)
    expect(res.headers["access-control-allow-credentials"]).toBe("true")
    expect(String(res.headers["access-control-allow-methods"]).split(", ")).toEqual(
      expect.arrayContaining(["GET", "POST", "PATCH", "DELETE"]),
    )
    expect(res.headers["access-control-allow-headers"]).toBe(
      "Accept, Authorization, Content-Type, Idempotency-Key, X-XSRF-TOKEN",
    )
    expect(res.headers["access-control-max-age"]).toBe("600")
    expect(res.headers["access-control-expose-headers"]).toBeUndefined()
    expect(String(res.headers.vary)).toContain("Origin")
    // A preflight is never refused by the anti-forgery check or counted by the rate limits.
    expect(res.cookies).toEqual([])
  })

  it("may read the answers, its errors included, and exposes no other header", async () => {
    const read = await cross.inject({ url: "/v1/health", xsrf: false, headers: { origin: app } })
    expect(read.statusCode).toBe(200)
    expect(read.headers["access-control-allow-origin"]).toBe(app)
    expect(read.headers["access-control-allow-credentials"]).toBe("true")
    expect(read.headers["access-control-expose-headers"]).toBeUndefined()

    const refused = await cross.inject({
      method: "POST",
      url: "/v1/auth/login",
      xsrf: false,
      headers: { origin: app },
      payload: { usernameOrEmail: "ninguem@exemplo.com.br", password: "x1234567" },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe("xsrf_rejected")
    expect(refused.headers["access-control-allow-origin"]).toBe(app)
  })

  it("gets no CORS header at all from an origin not listed", async () => {
    for (const origin of ["https://evil.example", "https://closer.com.br.evil.example", "null"]) {
      const pre = await preflight(cross, origin)
      expect(pre.statusCode, origin).toBe(404)
      expect(corsHeaders(pre.headers), origin).toEqual([])
      const read = await cross.inject({ url: "/v1/health", headers: { origin } })
      expect(read.statusCode, origin).toBe(200)
      expect(corsHeaders(read.headers), origin).toEqual([])
    }
  })

  it("gets the anti-forgery cookie on the shared parent domain, so its page can read it", async () => {
    const res = await cross.inject({ url: "/v1/health", xsrf: false, headers: { origin: app } })
    expect(res.cookies[0]).toMatchObject({
      name: "XSRF-TOKEN",
      domain: "closer.com.br",
      secure: true,
      sameSite: "Lax",
    })
  })
})
