import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signManifest } from "../adapters/gateways/mercadopago/mp-signature.ts"
import { profiles } from "../db/schema.ts"
import { webhookDeliveries } from "../db/schema-billing.ts"
import { createTestApp, tinyPng, type TestApp, type TestCreator } from "../../test/test-app.ts"

let t: TestApp
let creator: TestCreator

beforeAll(async () => {
  t = await createTestApp({ config: { ffmpegPath: null } })
  creator = await t.createCreator()
})
afterAll(() => t.close())

const refused = {
  message: "Requisição inválida: caractere não permitido.",
  code: "invalid_character",
}

describe("a NUL character, which PostgreSQL text cannot hold", () => {
  it("in a path or query is a 400, not a 500", async () => {
    for (const url of [
      "/v1/profile/%00",
      "/v1/u/a%00b/highlights",
      "/v1/studio/subscribers?q=%00",
      "/v1/studio/subscribers?q%00=ana",
    ]) {
      const res = await t.inject({ url, token: creator.token })
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual(refused)
    }
  })

  it("in a JSON body is a 400 and changes nothing", async () => {
    const res = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: creator.token,
      payload: { bio: "antes\u0000depois" },
    })
    expect(res.statusCode).toBe(400)
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(row!.bio).toBe("Bio de teste")
  })

  it("in a signed gateway notification is a 400 and records no delivery", async () => {
    const secret = t.gateways.webhooks.mercadoPagoSecret!
    const ts = String(Math.floor(t.clock.now().getTime() / 1000))
    const dataId = "12\u000034"
    const v1 = signManifest(secret, { dataId, requestId: "r1", ts })
    const res = await t.inject({
      method: "POST",
      url: `/v1/webhooks/mercadopago?${new URLSearchParams({ "data.id": dataId, type: "payment" })}`,
      xsrf: false,
      headers: { "x-signature": `ts=${ts},v1=${v1}`, "x-request-id": "r1" },
      payload: {},
    })
    expect(res.statusCode).toBe(400)
    expect(await t.db.$count(webhookDeliveries)).toBe(0)
  })

  it("in a multipart field is a 400", async () => {
    const boundary = "----nul"
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nlegenda\u0000\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      tinyPng,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await t.inject({
      method: "POST",
      url: "/v1/studio/medias",
      token: creator.token,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(res.statusCode, res.body).toBe(400)
    // A form field names itself, so the studio can point at it.
    expect(res.json()).toEqual({ ...refused, field: "description" })
  })
})
