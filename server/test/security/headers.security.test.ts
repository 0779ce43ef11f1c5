import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { refreshCookieName } from "../../src/plugins/refresh-cookie.ts"
import { readerCookieName } from "../../src/plugins/reader-cookie.ts"
import { createTestApp, type TestApp } from "../test-app.ts"

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url))
const distDir = mkdtempSync(path.join(tmpdir(), "closer-dist-"))
writeFileSync(
  path.join(distDir, "index.html"),
  '<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
)

let production: TestApp
let local: TestApp

beforeAll(async () => {
  production = await createTestApp({
    config: { publicUrl: "https://closer.app.br", distDir },
    beforeReady: (app) => {
      app.get("/v1/boom", async () => {
        throw new Error("segredo interno: stack e detalhes")
      })
    },
  })
  local = await createTestApp({ config: { distDir } })
}, 120_000)
afterAll(async () => {
  await production?.close()
  await local?.close()
  rmSync(distDir, { recursive: true, force: true })
})

/** The CSP as a map of directive -> sources. */
function csp(header: string | string[] | number | undefined) {
  return new Map(
    String(header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  )
}

function expectHsts(header: string | string[] | number | undefined, url: string) {
  const hsts = String(header)
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), url).toBeGreaterThanOrEqual(15_552_000)
  expect(hsts, url).toContain("includeSubDomains")
}

describe("security headers and cookies", () => {
  it("serve the app with a strict CSP, HSTS in production, no framing, nosniff and a referrer policy", async () => {
    const checked: string[] = []
    for (const url of ["/", "/demo/checkout"]) {
      const res = await production.inject({ url })
      expect(res.headers["content-type"], url).toMatch(/^text\/html/)
      const policy = csp(res.headers["content-security-policy"])
      const scripts = policy.get("script-src") ?? policy.get("default-src") ?? []
      expect(scripts, url).not.toContain("'unsafe-inline'")
      expect(scripts, url).not.toContain("'unsafe-eval'")
      expect(
        scripts.some((source) => source === "*" || source.startsWith("data:")),
        url,
      ).toBe(false)
      expect(policy.get("script-src-attr"), url).toEqual(["'none'"])
      expect(policy.get("frame-ancestors"), url).toEqual(["'none'"])
      expect(policy.get("object-src"), url).toEqual(["'none'"])
      expect(policy.get("base-uri"), url).toEqual(["'self'"])
      expectHsts(res.headers["strict-transport-security"], url)
      expect(res.headers["x-content-type-options"], url).toBe("nosniff")
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin")
      expect(res.headers["x-powered-by"], url).toBeUndefined()
      checked.push(url)
    }
    // API answers (JSON, errors included) are no page: nothing may run in them or frame them.
    for (const url of ["/v1/health", "/v1/profile/ninguem", "/v1/nao-existe", "/v1/boom"]) {
      const res = await production.inject({ url })
      expect(res.headers["content-type"], url).toMatch(/^application\/json/)
      const policy = csp(res.headers["content-security-policy"])
      expect(policy.get("default-src"), url).toEqual(["'none'"])
      expect(policy.get("frame-ancestors"), url).toEqual(["'none'"])
      expect(policy.get("script-src"), url).toBeUndefined()
      expectHsts(res.headers["strict-transport-security"], url)
      expect(res.headers["x-content-type-options"], url).toBe("nosniff")
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin")
      expect(res.headers["x-powered-by"], url).toBeUndefined()
      checked.push(url)
    }
    console.log(`headers: ${checked.length} responses checked (app, API, errors)`)
  })

  it("send no HSTS over plain HTTP, where it would lock a local install out", async () => {
    const res = await local.inject({ url: "/v1/health" })
    expect(res.headers["strict-transport-security"]).toBeUndefined()
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'")
  })

  it("set the anti-forgery cookie Secure and SameSite in production, and the session's cookies HttpOnly too, the refresh cookie for /v1/auth only", async () => {
    // A browser's first visit, before it holds the cookie.
    const res = await production.inject({ url: "/v1/health", xsrf: false })
    const cookies = res.cookies
    expect(cookies.map((cookie) => cookie.name)).toEqual(["XSRF-TOKEN"])
    expect(cookies[0]).toMatchObject({ secure: true, sameSite: "Lax", path: "/" })
    // The app must read it to echo it in a header (double submit): not HttpOnly on purpose.
    expect(cookies[0]!.httpOnly).toBeFalsy()
    const refused = await production.inject({
      method: "POST",
      url: "/v1/auth/login",
      payload: { usernameOrEmail: "ninguem@exemplo.com.br", password: "x1234567" },
    })
    expect(refused.cookies).toEqual([])
    for (const [app, secure] of [
      [production, true],
      [local, false],
    ] as const) {
      const person = await app.createAccount()
      const login = await app.inject({
        method: "POST",
        url: "/v1/auth/login",
        payload: { usernameOrEmail: person.email, password: person.password },
      })
      expect(login.cookies.map((cookie) => cookie.name)).toEqual([
        refreshCookieName,
        readerCookieName,
      ])
      const [refresh, pass] = login.cookies
      expect(refresh).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/v1/auth" })
      // The reader's pass goes with the app's pages, where only the server reads it.
      expect(pass).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" })
      for (const cookie of [refresh!, pass!]) {
        // Plain http://localhost in development: a Secure cookie would never come back.
        expect(cookie.secure ?? false).toBe(secure)
        expect(cookie.expires!.getTime() - app.clock.now().getTime()).toBe(30 * 86_400_000)
      }
    }
    const local_ = await local.inject({ url: "/v1/health", xsrf: false })
    expect(local_.cookies[0]).toMatchObject({ sameSite: "Lax" })
    expect(local_.cookies[0]!.secure).toBeFalsy()
  })

  it("keep signed-in answers out of every cache, and leave public reads cacheable", async () => {
    const creator = await production.createCreator()
    const follower = await production.createAccount()
    await production.createSubscription({ accountId: follower.id, profileId: creator.profileId })
    const signedIn = [
      { url: "/v1/auth/session", token: follower.token },
      { url: `/v1/u/${creator.username}/medias`, token: follower.token },
      { url: `/v1/profile/${creator.username}`, token: follower.token },
      { url: "/v1/studio/subscribers", token: creator.token },
      // Refused, and still about someone's session.
      { url: "/v1/auth/session", token: "token-inventado" },
      { url: "/v1/auth/refresh", method: "POST" as const },
      { url: "/v1/auth/refresh", method: "POST" as const, cookies: { [refreshCookieName]: "x" } },
    ]
    for (const request of signedIn) {
      const res = await production.inject(request)
      expect(res.headers["cache-control"], `${request.url} ${res.statusCode}`).toBe("no-store")
    }
    for (const url of [`/v1/profile/${creator.username}`, `/v1/u/${creator.username}/stats`]) {
      const res = await production.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(String(res.headers["cache-control"] ?? ""), url).not.toContain("no-store")
    }
  })

  it("serve media sandboxed, never as a page that could run script", async () => {
    const creator = await production.createCreator()
    const story = await production.createStory(creator.profileId)
    const url = production.storage.url(story.fileKey)
    const res = await production.inject({ url })
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox")
    expect(res.headers["x-content-type-options"]).toBe("nosniff")
    expect(res.headers["content-type"]).toBe("video/mp4")
  })

  it("answer an unexpected error without its message or stack", async () => {
    const res = await production.inject({ url: "/v1/boom" })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ message: "Houve um erro inesperado.", code: "internal_error" })
    expect(res.body).not.toContain("segredo")
  })

  it("ship an app page without inline script", () => {
    const pages = [path.join(repoRoot, "index.html"), path.join(repoRoot, "dist", "index.html")]
    const found = pages.filter((page) => existsSync(page))
    expect(found.length).toBeGreaterThan(0)
    for (const page of found) {
      const html = readFileSync(page, "utf8")
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
      for (const [, attributes, body] of scripts) {
        expect(attributes, page).toMatch(/\bsrc=/)
        expect(body!.trim(), page).toBe("")
      }
      expect(html, page).not.toMatch(/\son[a-z]+=/i)
    }
  })
})
