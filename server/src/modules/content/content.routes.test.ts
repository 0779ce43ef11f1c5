import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { HighlightSchema, MediaSchema, StorySchema } from "../../../../src/domain/models.ts"
import { mediaLikes, storyViews } from "../../db/schema.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"

let t: TestApp
let creator: TestCreator
let storyIds: string[]
let mediaIds: string[]
const day = 86_400_000

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator()
  const start = t.clock.now().getTime()
  const stories = [
    await t.createStory(creator.profileId, { createdAt: new Date(start - 3 * day) }),
    await t.createStory(creator.profileId, {
      createdAt: new Date(start - 2 * day),
      processed: false,
    }),
    await t.createStory(creator.profileId, { createdAt: new Date(start - day) }),
  ]
  storyIds = stories.map((s) => s.id)
  const medias = [
    await t.createMedia(creator.profileId, {
      createdAt: new Date(start - 5 * day),
      description: "Antiga",
    }),
    await t.createMedia(creator.profileId, { createdAt: new Date(start - day), description: null }),
  ]
  mediaIds = medias.map((m) => m.id)
  await t.createHighlight(creator.profileId, "Praia", [storyIds[2]!, storyIds[0]!])
  await t.createHighlight(creator.profileId, "Vazio", [])
})
afterAll(() => t.close())

/** A follower with a subscription in the given state. */
async function follower(
  subscription?: Parameters<TestApp["createSubscription"]>[0] extends infer O ? Partial<O> : never,
) {
  const person = await t.createAccount()
  if (subscription)
    await t.createSubscription({
      accountId: person.id,
      profileId: creator.profileId,
      ...subscription,
    })
  return person
}

describe("who sees stories and medias", () => {
  it("gives a paying subscriber the stories, oldest first, with signed URLs and no view stats", async () => {
    const subscriber = await follower({ status: "paid" })
    for (const url of [`/v1/stories/${creator.username}`, `/v1/u/${creator.username}/stories`]) {
      const res = await t.inject({ url, token: subscriber.token })
      expect(res.statusCode, url).toBe(200)
      const stories = z.array(StorySchema).parse(res.json())
      expect(stories.map((s) => s._id)).toEqual(storyIds)
      expect(stories.map((s) => s.processed)).toEqual([true, false, true])
      expect(stories[0]!.src).toEqual(
        // Signed for this subscriber: her account id is part of the link.
        expect.stringMatching(/^\/v1\/files\/p\/.+\.mp4\?exp=\d+&viewer=[\w-]+&sig=[\w-]+$/),
      )
      expect(new URL(stories[0]!.src, "http://x").searchParams.get("viewer")).toBe(subscriber.id)
      expect(stories[0]!.displayUrl).toMatch(/\.png\?exp=/)
      expect(stories[0]!.stats).toBeUndefined()
    }
  })

  it("gives medias newest first with hasLiked per viewer", async () => {
    const subscriber = await follower({ status: "paid" })
    const res = await t.inject({ url: `/v1/u/${creator.username}/medias`, token: subscriber.token })
    expect(res.statusCode).toBe(200)
    const medias = z.array(MediaSchema).parse(res.json())
    expect(medias.map((m) => m._id)).toEqual([mediaIds[1], mediaIds[0]])
    expect(medias.map((m) => m.description)).toEqual([null, "Antiga"])
    expect(medias.every((m) => m.hasLiked === false && m.width === 1080 && m.height === 1350)).toBe(
      true,
    )
  })

  it.each([
    ["trialing", { status: "trialing" as const }],
    ["whitelisted without end", { status: "whitelist" as const, currentPeriodEnd: null }],
    ["cancelled but still in the paid period", { status: "paid" as const }],
  ])("lets a %s follower in", async (_label, subscription) => {
    const person = await follower(subscription)
    expect(
      (await t.inject({ url: `/v1/u/${creator.username}/medias`, token: person.token })).statusCode,
    ).toBe(200)
  })

  it("answers 401 to visitors", async () => {
    for (const url of [`/v1/stories/${creator.username}`, `/v1/u/${creator.username}/medias`]) {
      const res = await t.inject({ url })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({
        message: "Faça login para ver o conteúdo exclusivo.",
        code: "unauthorized",
      })
    }
  })

  it.each([
    ["no subscription", undefined],
    ["a pending one", { status: "pending" as const, currentPeriodEnd: null }],
    [
      "an expired one",
      { status: "paid" as const, currentPeriodEnd: new Date("2024-12-01T00:00:00Z") },
    ],
    ["an unpaid one", { status: "unpaid" as const }],
    ["a rejected one", { status: "canceled" as const }],
  ])("answers 403 subscription_required to a follower with %s", async (_label, subscription) => {
    const person = await follower(subscription)
    for (const url of [`/v1/stories/${creator.username}`, `/v1/u/${creator.username}/medias`]) {
      const res = await t.inject({ url, token: person.token })
      expect(res.statusCode, url).toBe(403)
      expect(res.json()).toEqual({
        message: "Conteúdo exclusivo para assinantes",
        code: "subscription_required",
      })
    }
  })

  it("locks a subscriber out when the period ends", async () => {
    const person = await follower({
      status: "paid",
      currentPeriodEnd: new Date(t.clock.now().getTime() + 60_000),
    })
    expect(
      (await t.inject({ url: `/v1/stories/${creator.username}`, token: person.token })).statusCode,
    ).toBe(200)
    t.clock.advance(2 * 60_000)
    expect(
      (await t.inject({ url: `/v1/stories/${creator.username}`, token: person.token })).statusCode,
    ).toBe(403)
  })

  it("does not let a subscriber of one creator into another's content", async () => {
    const other = await t.createCreator()
    const person = await follower({ status: "paid" })
    expect(
      (await t.inject({ url: `/v1/u/${other.username}/medias`, token: person.token })).statusCode,
    ).toBe(403)
  })

  it("shows the creator her own stories with how many people saw each", async () => {
    const subscriber = await follower({ status: "paid" })
    await t.inject({
      method: "POST",
      url: `/v1/stories/seen/${storyIds[0]}`,
      token: subscriber.token,
    })
    const res = await t.inject({ url: `/v1/stories/${creator.username}`, token: creator.token })
    expect(res.statusCode).toBe(200)
    const stories = z.array(StorySchema).parse(res.json())
    expect(stories[0]!.stats!.users).toBeGreaterThanOrEqual(1)
    expect(stories[1]!.stats).toEqual({ users: 0 })
  })

  it("answers 404 for an unknown or banned creator", async () => {
    const banned = await t.createCreator({ banned: true })
    for (const username of ["nao.existe", banned.username]) {
      const res = await t.inject({ url: `/v1/u/${username}/medias`, token: creator.token })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe("profile_not_found")
    }
  })
})

describe("GET /v1/u/:username/highlights", () => {
  it("gives everyone titles, covers and counts, but no stories", async () => {
    const visitor = await t.inject({ url: `/v1/u/${creator.username}/highlights` })
    expect(visitor.statusCode).toBe(200)
    const list = z.array(HighlightSchema).parse(visitor.json())
    expect(list.map((h) => [h.title, h.storiesCount])).toEqual([
      ["Praia", 2],
      ["Vazio", 0],
    ])
    expect(list[0]!.cover).toMatch(/^\/v1\/files\//)
    expect(list.every((h) => h.stories === undefined)).toBe(true)

    const locked = await follower()
    const forFollower = z
      .array(HighlightSchema)
      .parse(
        (
          await t.inject({ url: `/v1/u/${creator.username}/highlights`, token: locked.token })
        ).json(),
      )
    expect(forFollower.every((h) => h.stories === undefined)).toBe(true)
  })

  it("gives subscribers the stories inside, in the highlight's order", async () => {
    const subscriber = await follower({ status: "paid" })
    const list = z
      .array(HighlightSchema)
      .parse(
        (
          await t.inject({ url: `/v1/u/${creator.username}/highlights`, token: subscriber.token })
        ).json(),
      )
    expect(list[0]!.stories!.map((s) => s._id)).toEqual([storyIds[2], storyIds[0]])
    expect(list[1]!.stories).toEqual([])
  })
})

describe("POST /v1/stories/seen/:storyId", () => {
  it("records one view per person, however often they watch", async () => {
    const subscriber = await follower({ status: "paid" })
    for (let i = 0; i < 2; i++) {
      const res = await t.inject({
        method: "POST",
        url: `/v1/stories/seen/${storyIds[1]}`,
        token: subscriber.token,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ seen: true })
    }
    const views = await t.db
      .select()
      .from(storyViews)
      .where(and(eq(storyViews.storyId, storyIds[1]!), eq(storyViews.accountId, subscriber.id)))
    expect(views).toHaveLength(1)
  })

  it("needs a session, access to the creator, and an existing story", async () => {
    const locked = await follower()
    const seen = (id: string, token?: string) =>
      t.inject({ method: "POST", url: `/v1/stories/seen/${id}`, token })
    expect((await seen(storyIds[0]!)).statusCode).toBe(401)
    expect((await seen(storyIds[0]!, locked.token)).statusCode).toBe(403)
    for (const id of ["00000000-0000-4000-8000-000000000000", "nao-e-uuid"]) {
      const res = await seen(id, locked.token)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: "Story não encontrado", code: "story_not_found" })
    }
  })

  it("is a write: a GET (a prefetch, a crawler, an <img> on another site) marks nothing", async () => {
    const subscriber = await follower({ status: "paid" })
    const res = await t.inject({ url: `/v1/stories/seen/${storyIds[2]}`, token: subscriber.token })
    expect(res.statusCode).toBe(404)
    const views = await t.db
      .select()
      .from(storyViews)
      .where(and(eq(storyViews.storyId, storyIds[2]!), eq(storyViews.accountId, subscriber.id)))
    expect(views).toHaveLength(0)
  })
})

describe("POST /v1/medias/:id/like and /unlike", () => {
  it("likes and unlikes idempotently, and hasLiked follows the viewer", async () => {
    const subscriber = await follower({ status: "paid" })
    const other = await follower({ status: "paid" })
    const like = () =>
      t.inject({ method: "POST", url: `/v1/medias/${mediaIds[0]}/like`, token: subscriber.token })
    expect((await like()).json()).toEqual({ hasLiked: true })
    expect((await like()).statusCode).toBe(200)
    expect(await t.db.$count(mediaLikes, eq(mediaLikes.mediaId, mediaIds[0]!))).toBe(1)

    const mine = z
      .array(MediaSchema)
      .parse(
        (
          await t.inject({ url: `/v1/u/${creator.username}/medias`, token: subscriber.token })
        ).json(),
      )
    expect(mine.find((m) => m._id === mediaIds[0])!.hasLiked).toBe(true)
    const theirs = z
      .array(MediaSchema)
      .parse(
        (await t.inject({ url: `/v1/u/${creator.username}/medias`, token: other.token })).json(),
      )
    expect(theirs.find((m) => m._id === mediaIds[0])!.hasLiked).toBe(false)

    for (let i = 0; i < 2; i++) {
      const res = await t.inject({
        method: "POST",
        url: `/v1/medias/${mediaIds[0]}/unlike`,
        token: subscriber.token,
        headers: { "content-type": "application/json" },
      })
      expect(res.json()).toEqual({ hasLiked: false })
    }
    expect(await t.db.$count(mediaLikes, eq(mediaLikes.mediaId, mediaIds[0]!))).toBe(0)
  })

  it("refuses visitors, followers without access, and unknown photos", async () => {
    const locked = await follower()
    expect(
      (await t.inject({ method: "POST", url: `/v1/medias/${mediaIds[0]}/like` })).statusCode,
    ).toBe(401)
    const forbidden = await t.inject({
      method: "POST",
      url: `/v1/medias/${mediaIds[0]}/like`,
      token: locked.token,
    })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().code).toBe("subscription_required")
    const missing = await t.inject({
      method: "POST",
      url: "/v1/medias/00000000-0000-4000-8000-000000000000/like",
      token: locked.token,
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: "Foto não encontrada", code: "media_not_found" })
    expect(await t.db.$count(mediaLikes, eq(mediaLikes.accountId, locked.id))).toBe(0)
  })

  it("rejects a like without the anti-forgery header", async () => {
    const subscriber = await follower({ status: "paid" })
    const res = await t.inject({
      method: "POST",
      url: `/v1/medias/${mediaIds[1]}/like`,
      token: subscriber.token,
      xsrf: false,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe("xsrf_rejected")
  })
})
