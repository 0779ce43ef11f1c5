import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import {
  HighlightSchema,
  MediaSchema,
  ProfileSchema,
  StorySchema,
} from "../../../../src/domain/models.ts"
import { profiles } from "../../db/schema.ts"
import { createTestApp, tinyPng, type TestApp, type TestCreator } from "../../../test/test-app.ts"
import { eq } from "drizzle-orm"

// The links a subscriber gets to a creator's stories and photos are hers alone and short-lived;
// the creator's public pictures keep their long, shared links.
const lifetimeSeconds = 60

let t: TestApp
let creator: TestCreator
let avatarKey: string

beforeAll(async () => {
  t = await createTestApp({ config: { privateMediaTtlSeconds: lifetimeSeconds } })
  creator = await t.createCreator()
  const story = await t.createStory(creator.profileId)
  await t.createMedia(creator.profileId)
  await t.createHighlight(creator.profileId, "Praia", [story.id])
  avatarKey = `p/${creator.profileId}/avatar.png`
  await t.storage.put(avatarKey, tinyPng)
  await t.db
    .update(profiles)
    .set({ profilePicKey: avatarKey, bannerPicKey: avatarKey })
    .where(eq(profiles.id, creator.profileId))
})
afterAll(() => t.close())

async function subscriber(status: "paid" | "whitelist" = "paid") {
  const person = await t.createAccount()
  const subscription = await t.createSubscription({
    accountId: person.id,
    profileId: creator.profileId,
    status,
  })
  return { ...person, subscriptionId: subscription.id }
}

const storiesOf = async (token: string) => {
  const res = await t.inject({ url: `/v1/u/${creator.username}/stories`, token })
  expect(res.statusCode).toBe(200)
  return z.array(StorySchema).parse(res.json())
}
const mediasOf = async (token: string) => {
  const res = await t.inject({ url: `/v1/u/${creator.username}/medias`, token })
  expect(res.statusCode).toBe(200)
  return z.array(MediaSchema).parse(res.json())
}
const fetchFile = (url: string) => t.inject({ url })
const withViewer = (url: string, viewer: string) => {
  const changed = new URL(url, "http://localhost")
  changed.searchParams.set("viewer", viewer)
  return `${changed.pathname}${changed.search}`
}

describe("links to private media", () => {
  it("are signed for each viewer: another's id, or none, in a link is refused", async () => {
    const ana = await subscriber()
    const bia = await subscriber()
    const [anaStory] = await storiesOf(ana.token)
    const [biaStory] = await storiesOf(bia.token)
    expect(anaStory!.src).not.toBe(biaStory!.src)

    expect((await fetchFile(anaStory!.src)).statusCode).toBe(200)
    // Ana's signature presented as Bia's, or as no one's (a shared link's shape).
    const asBia = await fetchFile(withViewer(anaStory!.src, bia.id))
    expect(asBia.statusCode).toBe(403)
    expect(asBia.json()).toMatchObject({ code: "link_expired" })
    const asNoOne = new URL(anaStory!.src, "http://localhost")
    asNoOne.searchParams.delete("viewer")
    expect((await fetchFile(`${asNoOne.pathname}${asNoOne.search}`)).statusCode).toBe(403)

    const [anaMedia] = await mediasOf(ana.token)
    expect(anaMedia!.thumb).toContain(`viewer=${ana.id}`)
    expect((await fetchFile(withViewer(anaMedia!.thumb, bia.id))).statusCode).toBe(403)
    expect((await fetchFile(anaMedia!.thumb)).statusCode).toBe(200)
  })

  it("die within the configured lifetime, which the answer states", async () => {
    const ana = await subscriber()
    const [story] = await storiesOf(ana.token)
    const expiresAt = Date.parse(story!.linksExpireAt!)
    const now = t.clock.now().getTime()
    expect(expiresAt).toBeGreaterThan(now + (lifetimeSeconds * 1000 * 3) / 4 - 1000)
    expect(expiresAt).toBeLessThanOrEqual(now + lifetimeSeconds * 1000)
    expect(new URL(story!.src, "http://localhost").searchParams.get("exp")).toBe(
      String(expiresAt / 1000),
    )

    t.clock.set(new Date(expiresAt - 1000))
    expect((await fetchFile(story!.src)).statusCode).toBe(200)
    t.clock.set(new Date(expiresAt))
    expect((await fetchFile(story!.src)).statusCode).toBe(403)
    // A fresh list hands out a fresh link that works again.
    const [again] = await storiesOf(ana.token)
    expect((await fetchFile(again!.src)).statusCode).toBe(200)
  })

  it("stop at once when access ends: the list answers 403, the old link dies with its lifetime", async () => {
    const vip = await subscriber("whitelist")
    const [media] = await mediasOf(vip.token)
    const removed = await t.inject({
      method: "DELETE",
      url: `/v1/studio/whitelist/${vip.subscriptionId}`,
      token: creator.token,
    })
    expect(removed.statusCode).toBe(200)

    for (const list of ["stories", "medias"]) {
      const res = await t.inject({ url: `/v1/u/${creator.username}/${list}`, token: vip.token })
      expect(res.statusCode, list).toBe(403)
      expect(res.json()).toMatchObject({ code: "subscription_required" })
    }
    const highlights = await t.inject({
      url: `/v1/u/${creator.username}/highlights`,
      token: vip.token,
    })
    expect(z.array(HighlightSchema).parse(highlights.json())[0]!.stories).toBeUndefined()

    expect((await fetchFile(media!.src)).statusCode).toBe(200)
    t.clock.set(new Date(Date.parse(media!.linksExpireAt!)))
    expect((await fetchFile(media!.src)).statusCode).toBe(403)
  })

  it("leave public pictures on long links, the same for every reader", async () => {
    const ana = await subscriber()
    const bia = await subscriber()
    const read = async (token?: string) => {
      const res = await t.inject({ url: `/v1/profile/${creator.username}`, token })
      return ProfileSchema.parse(res.json())
    }
    const [forAna, forBia, forVisitor] = [
      await read(ana.token),
      await read(bia.token),
      await read(),
    ]
    expect(forAna.profilePic).toBe(forVisitor.profilePic)
    expect(forBia.bannerPic).toBe(forVisitor.bannerPic)
    const avatar = new URL(forVisitor.profilePic!, "http://localhost")
    expect(avatar.searchParams.has("viewer")).toBe(false)
    const secondsLeft = Number(avatar.searchParams.get("exp")) - t.clock.now().getTime() / 1000
    expect(secondsLeft).toBeGreaterThanOrEqual(24 * 60 * 60)

    const highlights = await t.inject({
      url: `/v1/u/${creator.username}/highlights`,
      token: ana.token,
    })
    const [highlight] = z.array(HighlightSchema).parse(highlights.json())
    const cover = new URL(highlight!.cover!, "http://localhost")
    expect(cover.searchParams.has("viewer")).toBe(false)
    expect(highlight!.stories![0]!.src).toContain(`viewer=${ana.id}`)

    t.clock.advance(2 * lifetimeSeconds * 1000)
    expect((await fetchFile(forVisitor.profilePic!)).statusCode).toBe(200)
  })
})
