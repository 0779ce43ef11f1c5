import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eq } from "drizzle-orm"
import { z } from "zod"
import { HighlightSchema, MediaSchema } from "../../../../src/domain/models.ts"
import { subscriptions } from "../../db/schema-billing.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"

// With the creator's content kept in memory (as in production), access is still decided by
// the database on every request: whoever loses her subscription loses the content at once.
let t: TestApp
let creator: TestCreator
let photoId: string

beforeAll(async () => {
  t = await createTestApp({ config: { contentCacheMs: 60_000 } })
  creator = await t.createCreator()
  const story = await t.createStory(creator.profileId)
  photoId = (await t.createMedia(creator.profileId)).id
  await t.createHighlight(creator.profileId, "Praia", [story.id])
})
afterAll(() => t.close())

const lockedReads = ["stories", "medias", "stories?limit=10", "medias?limit=10"]

async function subscriber(currentPeriodEnd?: Date) {
  const person = await t.createAccount()
  const subscription = await t.createSubscription({
    accountId: person.id,
    profileId: creator.profileId,
    currentPeriodEnd,
  })
  // Every read once, so the content is in memory when access ends.
  for (const read of [...lockedReads, "highlights"]) {
    const res = await t.inject({ url: `/v1/u/${creator.username}/${read}`, token: person.token })
    expect(res.statusCode, read).toBe(200)
  }
  return { ...person, subscriptionId: subscription.id }
}

async function expectLockedOut(token: string) {
  for (const read of lockedReads) {
    const res = await t.inject({ url: `/v1/u/${creator.username}/${read}`, token })
    expect(res.statusCode, read).toBe(403)
    expect(res.json(), read).toMatchObject({ code: "subscription_required" })
  }
  const highlights = await t.inject({ url: `/v1/u/${creator.username}/highlights`, token })
  expect(z.array(HighlightSchema).parse(highlights.json())[0]!.stories).toBeUndefined()
}

describe("the creator's content kept in memory", () => {
  it("serves what it holds to every subscriber: a photo added since shows after the cache's time", async () => {
    const ana = await subscriber()
    await t.createMedia(creator.profileId)
    const res = await t.inject({ url: `/v1/u/${creator.username}/medias`, token: ana.token })
    expect(
      z
        .array(MediaSchema)
        .parse(res.json())
        .map((media) => media._id),
    ).toEqual([photoId])
  })

  it("never keeps who may see it: a subscription ended in the database loses access on the next request", async () => {
    const ana = await subscriber()
    // As a refund, an operator or another replica would: straight in the database.
    await t.db
      .update(subscriptions)
      .set({ status: "canceled", currentPeriodEnd: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(subscriptions.id, ana.subscriptionId))
    await expectLockedOut(ana.token)
  })

  it("loses access the moment the paid period ends", async () => {
    const start = t.clock.now()
    const bia = await subscriber(new Date(start.getTime() + 60_000))
    try {
      t.clock.set(new Date(start.getTime() + 61_000))
      await expectLockedOut(bia.token)
    } finally {
      t.clock.set(start)
    }
  })

  it("loses access when the creator takes a VIP off her list", async () => {
    const vip = await t.createAccount()
    const subscription = await t.createSubscription({
      accountId: vip.id,
      profileId: creator.profileId,
      status: "whitelist",
    })
    const before = await t.inject({ url: `/v1/u/${creator.username}/medias`, token: vip.token })
    expect(before.statusCode).toBe(200)
    const removed = await t.inject({
      method: "DELETE",
      url: `/v1/studio/whitelist/${subscription.id}`,
      token: creator.token,
    })
    expect(removed.statusCode).toBe(200)
    await expectLockedOut(vip.token)
  })

  it("keeps each viewer's likes her own, and a like shows on her next read", async () => {
    const ana = await subscriber()
    const bia = await subscriber()
    const liked = await t.inject({
      method: "POST",
      url: `/v1/medias/${photoId}/like`,
      token: ana.token,
    })
    expect(liked.statusCode).toBe(200)
    const hasLiked = async (token: string, read: string) => {
      const res = await t.inject({ url: `/v1/u/${creator.username}/${read}`, token })
      const body = res.json() as
        z.infer<typeof MediaSchema>[] | { items: z.infer<typeof MediaSchema>[] }
      const items = Array.isArray(body) ? body : body.items
      return items.find((media) => media._id === photoId)!.hasLiked
    }
    for (const read of ["medias", "medias?limit=10"]) {
      expect(await hasLiked(ana.token, read), read).toBe(true)
      expect(await hasLiked(bia.token, read), read).toBe(false)
    }
    await t.inject({ method: "POST", url: `/v1/medias/${photoId}/unlike`, token: ana.token })
    expect(await hasLiked(ana.token, "medias")).toBe(false)
  })
})
