import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp
let spa: TestApp
let distDir: string

beforeAll(async () => {
  t = await createTestApp()
  distDir = await mkdtemp(path.join(tmpdir(), "closer-dist-"))
  await mkdir(path.join(distDir, "assets"))
  await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>Closer</title>")
  await writeFile(path.join(distDir, "assets", "index-abc123.js"), "console.log(1)")
  await writeFile(path.join(distDir, "favicon.svg"), "<svg/>")
  spa = await createTestApp({ config: { distDir } })
})

afterAll(async () => {
  await t.close()
  await spa.close()
  await rm(distDir, { recursive: true, force: true })
})

describe("GET /v1/health", () => {
  it("answers ok and sets the anti-forgery cookie, like any first answer", async () => {
    const res = await t.inject({ url: "/v1/health", xsrf: false })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: "ok" })
    const cookie = res.cookies.find((c) => c.name === "XSRF-TOKEN")
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(cookie).toMatchObject({ path: "/", sameSite: "Lax" })
    expect(cookie?.httpOnly).toBeFalsy()
  })

  it("answers no other origin by default, and keeps the cookie on the API's own host", async () => {
    const origin = "https://closer.com.br"
    const preflight = await t.inject({
      method: "OPTIONS",
      url: "/v1/health",
      xsrf: false,
      headers: { origin, "access-control-request-method": "GET" },
    })
    const read = await t.inject({ url: "/v1/health", xsrf: false, headers: { origin } })
    for (const res of [preflight, read])
      expect(Object.keys(res.headers).filter((name) => name.startsWith("access-control-"))).toEqual(
        [],
      )
    expect(read.cookies[0]!.domain).toBeUndefined()
  })

  it("does not replace an anti-forgery cookie the browser already has", async () => {
    const res = await t.inject({ url: "/v1/health" })
    expect(res.cookies.find((c) => c.name === "XSRF-TOKEN")).toBeUndefined()
  })

  it("sends security headers with a CSP under which nothing runs", async () => {
    const res = await t.inject({ url: "/v1/health" })
    const csp = String(res.headers["content-security-policy"])
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain("script-src")
    expect(res.headers["x-content-type-options"]).toBe("nosniff")
  })
})

describe("unknown routes", () => {
  it("answers 404 in pt-BR under /v1", async () => {
    const res = await t.inject({ url: "/v1/nada-aqui/nem-aqui/tambem" })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: "Recurso não encontrado.", code: "not_found" })
  })

  it("answers 404 JSON for non-/v1 paths when no app build is served", async () => {
    const res = await t.inject({ url: "/alguem" })
    expect(res.statusCode).toBe(404)
  })
})

describe("serving the built app", () => {
  it("serves index.html without caching", async () => {
    const res = await spa.inject({ url: "/" })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain("<title>Closer</title>")
    expect(res.headers["cache-control"]).toBe("no-cache")
  })

  it("caches hashed assets forever", async () => {
    const res = await spa.inject({ url: "/assets/index-abc123.js" })
    expect(res.statusCode).toBe(200)
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
  })

  it("falls back to index.html for client routes", async () => {
    for (const url of ["/demo", "/demo/checkout/qrcodeurl?code=1", "/tenho-interesse"]) {
      const res = await spa.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers["content-type"]).toContain("text/html")
      expect(res.headers["cache-control"]).toBe("no-cache")
    }
  })

  it("keeps JSON 404s under /v1 and 404s for other methods", async () => {
    expect((await spa.inject({ url: "/v1/nada/por/aqui" })).json().code).toBe("not_found")
    expect((await spa.inject({ method: "POST", url: "/demo" })).statusCode).toBe(404)
  })
})
