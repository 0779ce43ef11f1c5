import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createS3Storage } from "../adapters/storage/s3-storage.ts"
import { createTestApp, type TestApp } from "../testing/test-app.ts"

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
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
afterAll(() => t.close())

describe("security headers", () => {
  it("let pictures and videos come from the object store, and nothing else from elsewhere", async () => {
    const res = await t.inject({ url: "/v1/profile/ninguem" })
    const csp = String(res.headers["content-security-policy"])
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/midia\.exemplo\.com\.br;/)
    expect(csp).toMatch(/media-src 'self' blob: https:\/\/midia\.exemplo\.com\.br;/)
    expect(csp).toMatch(/default-src 'self';/)
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN")
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
  })
})
