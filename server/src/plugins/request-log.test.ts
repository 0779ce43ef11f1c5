import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { captureLogs } from "../../test/capture-logs.ts"
import { createTestApp, type TestApp } from "../../test/test-app.ts"

const logs = captureLogs()
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ logger: logs.logger })
})
afterAll(() => t.close())

/** The access line of the last request to a path starting with `prefix`. */
const accessLine = (prefix: string) =>
  logs.lines.filter((line) => line.msg === "request" && String(line.url).startsWith(prefix)).at(-1)

describe("access log", () => {
  it("keeps an invite's and a choose-password link's code out of the line", async () => {
    await t.inject({ url: "/studio/convite?email=ana%40exemplo.com.br&code=Tmp-9x7Kq2" })
    await t.inject({ url: "/choose-password?code=Gst-4h8Lm1&redirectTo=%2Fdemo" })
    expect(accessLine("/studio/convite")).toMatchObject({
      url: "/studio/convite?email=[oculto]&code=[oculto]",
      statusCode: 404,
    })
    expect(accessLine("/choose-password")).toMatchObject({
      url: "/choose-password?code=[oculto]&redirectTo=[oculto]",
    })
  })

  it("keeps a media link's signature, and the e-mail of a check or a search, out of the line", async () => {
    const creator = await t.createCreator()
    const media = await t.createMedia(creator.profileId)
    const signed = new URL(t.storage.url(media.fileKey), "http://localhost")
    const sig = signed.searchParams.get("sig")!
    expect((await t.inject({ url: `${signed.pathname}${signed.search}` })).statusCode).toBe(200)
    expect(accessLine("/v1/files/")).toMatchObject({
      url: `${signed.pathname}?exp=${signed.searchParams.get("exp")}&sig=[oculto]`,
      statusCode: 200,
    })

    await t.inject({ url: "/v1/auth/check/email/ana.souza%40exemplo.com.br" })
    expect(accessLine("/v1/auth/check/email/")).toMatchObject({
      url: "/v1/auth/check/email/[e-mail]",
    })

    const admin = await t.createAccount({ role: "admin" })
    const search = await t.inject({
      url: "/v1/admin/subscriptions?q=ana.souza%40exemplo.com.br",
      token: admin.token,
    })
    expect(search.statusCode).toBe(200)
    expect(accessLine("/v1/admin/subscriptions")).toMatchObject({
      url: "/v1/admin/subscriptions?q=[oculto]",
    })

    const output = logs.raw.join("\n")
    for (const secret of [sig, "ana.souza", "Tmp-9x7Kq2", "Gst-4h8Lm1", admin.token])
      expect(output).not.toContain(secret)
  })

  it("keeps harmless parameters an operator reads the log for", async () => {
    await t.inject({ url: "/v1/studio/numbers?days=30&utm_source=ig" })
    expect(accessLine("/v1/studio/numbers")).toMatchObject({
      url: "/v1/studio/numbers?days=30&utm_source=ig",
    })
  })
})
