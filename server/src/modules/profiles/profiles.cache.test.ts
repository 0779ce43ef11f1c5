import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ProfileSchema, ProfileStatsSchema } from "../../../../src/domain/models.ts"
import { profiles } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

// Production serves public profile reads from memory for a few seconds (PUBLIC_CACHE_MS).
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ config: { publicCacheMs: 60_000 } })
})
afterAll(() => t.close())

describe("public profile reads from memory", () => {
  it("serves the same answer for a while, and the creator's own change at once", async () => {
    const creator = await t.createCreator({ username: "rapida", fullName: "Rápida Um" })
    const first = await t.inject({ url: "/v1/profile/rapida" })
    expect(first.json().fullName).toBe("Rápida Um")

    // A change behind the API's back is not seen until the entry expires...
    await t.db.update(profiles).set({ bio: "por fora" }).where(eq(profiles.id, creator.profileId))
    expect((await t.inject({ url: "/v1/@Rapida/profile" })).json().bio).not.toBe("por fora")

    // ...but the creator's own edit through the API is.
    const patch = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: creator.token,
      payload: { fullName: "Rápida Dois" },
    })
    expect(patch.statusCode).toBe(200)
    expect((await t.inject({ url: "/v1/profile/rapida" })).json().fullName).toBe("Rápida Dois")
  })

  it("shows an operator's ban, and its end, at once", async () => {
    const creator = await t.createCreator({ username: "banivel", fullName: "Banível" })
    const operator = (await t.createAccount({ role: "admin" })).token
    expect((await t.inject({ url: "/v1/profile/banivel" })).json().banned).toBe(false)
    expect((await t.inject({ url: "/v1/u/banivel/stats" })).statusCode).toBe(200)
    for (const banned of [true, false]) {
      const res = await t.inject({
        method: "POST",
        url: `/v1/admin/creators/${creator.profileId}/ban`,
        token: operator,
        payload: { banned },
      })
      expect(res.statusCode).toBe(200)
      expect((await t.inject({ url: "/v1/profile/banivel" })).json().banned).toBe(banned)
      expect((await t.inject({ url: "/v1/u/banivel/stats" })).statusCode).toBe(banned ? 404 : 200)
    }
  })

  it("answers the schema's JSON with an ETag, and 304 to a browser that holds the same answer", async () => {
    const creator = await t.createCreator({ username: "etiqueta", fullName: "Etiqueta Um" })
    const etags: string[] = []
    for (const url of ["/v1/profile/etiqueta", "/v1/u/etiqueta/stats"]) {
      const first = await t.inject({ url })
      expect(first.statusCode, url).toBe(200)
      expect(first.headers["content-type"], url).toBe("application/json; charset=utf-8")
      // Short answers go out as text, longer ones as bytes: either way, the length they say.
      expect(Number(first.headers["content-length"]), url).toBe(first.rawPayload.length)
      const schema = url.endsWith("/stats") ? ProfileStatsSchema : ProfileSchema
      // Nothing but the schema's fields: the answer went through it.
      expect(schema.strict().parse(first.json()), url).toEqual(first.json())
      const etag = String(first.headers.etag)
      expect(etag, url).toMatch(/^"[\w-]+"$/)
      etags.push(etag)
      const again = await t.inject({ url, headers: { "if-none-match": etag } })
      expect(again.statusCode, url).toBe(304)
      expect(again.body, url).toBe("")
      const other = await t.inject({ url, headers: { "if-none-match": '"outra"' } })
      expect(other.body, url).toBe(first.body)
    }
    await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: creator.token,
      payload: { fullName: "Etiqueta Dois" },
    })
    // The edit is a new answer: the browser's copy is stale.
    const changed = await t.inject({
      url: "/v1/profile/etiqueta",
      headers: { "if-none-match": etags[0] },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().fullName).toBe("Etiqueta Dois")
    expect(changed.headers.etag).not.toBe(etags[0])
  })

  it("shows the creator's new prices and paused sales at once", async () => {
    const creator = await t.createCreator({ username: "precos", plans: { MONTHLY: 2990 } })
    const profile = async () => (await t.inject({ url: "/v1/profile/precos" })).json()
    expect(await profile()).toMatchObject({ migrating: false, plans: [{ valueCents: 2990 }] })
    const plans = await t.inject({
      method: "PUT",
      url: "/v1/studio/plans",
      token: creator.token,
      payload: { plans: [{ name: "MONTHLY", active: true, valueCents: 3490 }] },
    })
    expect(plans.statusCode).toBe(200)
    expect((await profile()).plans).toMatchObject([{ valueCents: 3490 }])
    const paused = await t.inject({
      method: "PATCH",
      url: "/v1/studio/receiving",
      token: creator.token,
      payload: { migrating: true },
    })
    expect(paused.statusCode).toBe(200)
    expect((await profile()).migrating).toBe(true)
  })

  it("never caches a missing profile past its creation", async () => {
    expect((await t.inject({ url: "/v1/profile/ainda-nao" })).statusCode).toBe(404)
    expect((await t.inject({ url: "/v1/u/ainda-nao/stats" })).statusCode).toBe(404)
  })
})
