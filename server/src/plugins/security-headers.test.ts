import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createS3Storage } from "../adapters/storage/s3-storage.ts"
import { createTestApp, type TestApp } from "../../test/test-app.ts"
import { nonPageCsp, scriptCsp } from "./security-headers.ts"

const distDir = mkdtempSync(path.join(tmpdir(), "closer-dist-"))
writeFileSync(path.join(distDir, "index.html"), '<!doctype html><html lang="pt-BR"></html>')
writeFileSync(path.join(distDir, "sw.js"), "self.addEventListener('fetch', () => {})")

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    config: { distDir },
    storage: createS3Storage({
      endpoint: "https://midia.exemplo.com.br",
      bucket: "closer",
      region: "sa-east-1",
      accessKeyId: "chave",
      secretAccessKey: "segredo",
      clock: { now: () => new Date() },
    }),
  })
})
afterAll(async () => {
  await t?.close()
  rmSync(distDir, { recursive: true, force: true })
})

describe("security headers", () => {
  it("let the app's pictures and videos come from the object store, and nothing else from elsewhere", async () => {
    const res = await t.inject({ url: "/demo" })
    expect(res.headers["content-type"]).toMatch(/^text\/html/)
    const csp = String(res.headers["content-security-policy"])
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/midia\.exemplo\.com\.br;/)
    expect(csp).toMatch(/media-src 'self' blob: https:\/\/midia\.exemplo\.com\.br;/)
    expect(csp).toMatch(/default-src 'self';/)
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN")
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
  })

  it("answer JSON with the headers that matter for it, none of a page's", async () => {
    for (const url of ["/v1/health", "/v1/profile/ninguem", "/v1/nao-existe"]) {
      const res = await t.inject({ url })
      expect(res.headers["content-type"], url).toMatch(/^application\/json/)
      expect(res.headers["content-security-policy"], url).toBe(nonPageCsp)
      expect(res.headers["x-content-type-options"], url).toBe("nosniff")
      expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin")
      for (const pageOnly of [
        "x-frame-options",
        "referrer-policy",
        "cross-origin-opener-policy",
        "origin-agent-cluster",
        "x-dns-prefetch-control",
        "x-download-options",
        "x-permitted-cross-domain-policies",
        "x-xss-protection",
      ])
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined()
    }
  })

  it("send no JSON policy with a page's 304, which the browser would take into the page", async () => {
    const first = await t.inject({ url: "/demo/auth" })
    expect(first.statusCode).toBe(200)
    const etag = String(first.headers.etag)
    const again = await t.inject({ url: "/demo/auth", headers: { "if-none-match": etag } })
    expect(again.statusCode).toBe(304)
    expect(again.headers["content-security-policy"]).toBeUndefined()
  })

  it("let the service worker fetch its own origin's shell, and nothing elsewhere", async () => {
    const res = await t.inject({ url: "/sw.js" })
    expect(res.headers["content-type"]).toMatch(/javascript/)
    expect(res.headers["content-security-policy"]).toBe(scriptCsp)
    expect(scriptCsp).toMatch(/connect-src 'self';/)
    expect(scriptCsp).toMatch(/^default-src 'none';/)
  })
})
