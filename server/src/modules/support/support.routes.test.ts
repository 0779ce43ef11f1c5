import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

const websiteId = "7d3b5a2e-1c4f-4a6b-9e8d-0f1a2b3c4d5e"
const distDir = mkdtempSync(path.join(tmpdir(), "closer-dist-"))
writeFileSync(path.join(distDir, "index.html"), '<!doctype html><html lang="pt-BR"></html>')
const apps: TestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.close()
  rmSync(distDir, { recursive: true, force: true })
})

/** Each app gets a hook (and its time) of its own: the two together start slowly on CI. */
function appWith(supportChatId?: string) {
  const app = { current: undefined as unknown as TestApp }
  beforeAll(async () => {
    app.current = await createTestApp({ config: { distDir, pageRenderer: null, supportChatId } })
    apps.push(app.current)
  })
  return app
}

/** The policy a page is served with, by directive. */
async function pagePolicy(t: TestApp): Promise<Map<string, string>> {
  const res = await t.inject({ url: "/tenho-interesse" })
  expect(res.headers["content-type"]).toMatch(/^text\/html/)
  const header = String(res.headers["content-security-policy"])
  return new Map(
    header.split(";").map((part) => {
      const [name, ...values] = part.trim().split(" ")
      return [name!, values.join(" ")] as const
    }),
  )
}

describe("GET /v1/support/config without SUPPORT_CHAT_ID", () => {
  const off = appWith()
  it("answers no chat, and pages allow no Crisp origin", async () => {
    const res = await off.current.inject({ url: "/v1/support/config" })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ chat: null })
    const policy = await pagePolicy(off.current)
    expect([...policy.values()].join(" ")).not.toContain("crisp")
  })
})

describe("GET /v1/support/config with SUPPORT_CHAT_ID", () => {
  const on = appWith(websiteId)
  it("hands the website id to the browser and allows Crisp's origins on pages", async () => {
    const res = await on.current.inject({ url: "/v1/support/config" })
    expect(res.json()).toEqual({ chat: { provider: "crisp", websiteId } })
    const policy = await pagePolicy(on.current)
    expect(policy.get("script-src")).toContain("https://client.crisp.chat")
    expect(policy.get("connect-src")).toContain("wss://client.relay.crisp.chat")
    expect(policy.get("img-src")).toContain("https://image.crisp.chat")
  })
})
