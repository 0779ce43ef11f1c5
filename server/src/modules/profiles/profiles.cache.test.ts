import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { profiles } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../testing/test-app.ts"

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

  it("never caches a missing profile past its creation", async () => {
    expect((await t.inject({ url: "/v1/profile/ainda-nao" })).statusCode).toBe(404)
    expect((await t.inject({ url: "/v1/u/ainda-nao/stats" })).statusCode).toBe(404)
  })
})
