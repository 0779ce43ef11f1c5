import { readdir } from "node:fs/promises"
import { eq } from "drizzle-orm"
import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  SCHEDULE_MAX_DAYS,
  ScheduledPostSchema,
  alreadyPublishedMessage,
  scheduleInPastMessage,
  scheduleInvalidMessage,
  scheduleTooFarMessage,
} from "../../../../src/domain/scheduled-posts.ts"
import { StudioMediaSchema, StudioStorySchema } from "../../../../src/domain/studio.ts"
import { createJobRunner } from "../../jobs/job-runner.ts"
import { medias, stories } from "../../db/schema.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"
import { fileField, multipart, sampleJpeg } from "../../../test/studio-testing.ts"
import {
  createScheduledPostsService,
  publishScheduledEveryMs,
  publishScheduledJob,
} from "./scheduled-posts.service.ts"

let t: TestApp
const minute = 60_000
const day = 24 * 60 * minute

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const inMinutes = (minutes: number) => new Date(t.clock.now().getTime() + minutes * minute)

const upload = (token: string, path: "medias" | "stories", scheduledFor: string | undefined) =>
  t.inject({
    method: "POST",
    url: `/v1/studio/${path}`,
    token,
    ...multipart(
      fileField(sampleJpeg, "foto.jpg", "image/jpeg"),
      ...(scheduledFor === undefined ? [] : [{ name: "scheduledFor", value: scheduledFor }]),
    ),
  })

const scheduledList = async (token: string) =>
  ScheduledPostSchema.array().parse((await t.inject({ url: "/v1/studio/scheduled", token })).json())

/** What a subscriber (and the profile's public counters) can see of a creator right now. */
async function seenBy(creator: TestCreator, token: string) {
  const get = async (url: string) => (await t.inject({ url, token })).json()
  const ids = (list: Array<{ _id: string }>) => list.map((item) => item._id)
  const pageIds = (page: { items: Array<{ _id: string }> }) => ids(page.items)
  return {
    stories: ids(await get(`/v1/u/${creator.username}/stories`)),
    storiesPage: pageIds(await get(`/v1/u/${creator.username}/stories?limit=10`)),
    medias: ids(await get(`/v1/u/${creator.username}/medias`)),
    mediasPage: pageIds(await get(`/v1/u/${creator.username}/medias?limit=10`)),
    stats: (await t.inject({ url: `/v1/u/${creator.username}/stats` })).json(),
  }
}

async function creatorWithSubscriber() {
  const creator = await t.createCreator()
  const follower = await t.createAccount()
  await t.createSubscription({ accountId: follower.id, profileId: creator.profileId })
  return { creator, follower }
}

const runJob = () =>
  createJobRunner({
    db: t.db,
    clock: t.clock,
    log: pino({ level: "silent" }),
    jobs: [publishScheduledJob(createScheduledPostsService(t))],
  }).runDue()

describe("scheduling at upload", () => {
  it("keeps a scheduled photo and story from everyone but her, and lists them in Programados", async () => {
    const { creator, follower } = await creatorWithSubscriber()
    const at = inMinutes(90)
    const photo = StudioMediaSchema.parse(
      (await upload(creator.token, "medias", at.toISOString())).json(),
    )
    const later = inMinutes(91)
    const story = StudioStorySchema.parse(
      (await upload(creator.token, "stories", later.toISOString())).json(),
    )

    expect(await seenBy(creator, follower.token)).toEqual({
      stories: [],
      storiesPage: [],
      medias: [],
      mediasPage: [],
      stats: expect.objectContaining({ medias: 0, stories: 0 }),
    })
    // Her own profile and studio lists show what is published; the scheduled wait apart.
    expect(await seenBy(creator, creator.token)).toMatchObject({ stories: [], medias: [] })
    const studioStories = await t.inject({ url: "/v1/studio/stories", token: creator.token })
    expect(studioStories.json().stories).toEqual([])
    expect((await t.inject({ url: "/v1/studio/medias", token: creator.token })).json()).toEqual([])

    const list = await scheduledList(creator.token)
    expect(list.map((post) => [post._id, post.kind, post.scheduledFor])).toEqual([
      [photo._id, "photo", at.toISOString()],
      [story._id, "story", later.toISOString()],
    ])
    // Its preview opens for her, through a link signed for her alone.
    expect((await t.inject({ url: list[0]!.preview! })).statusCode).toBe(200)

    // A like or a view of something not yet published finds nothing.
    const like = await t.inject({
      method: "POST",
      url: `/v1/medias/${photo._id}/like`,
      token: follower.token,
    })
    expect(like.statusCode).toBe(404)
    const seen = await t.inject({
      method: "POST",
      url: `/v1/stories/seen/${story._id}`,
      token: follower.token,
    })
    expect(seen.statusCode).toBe(404)
  })

  it.each([
    ["a time already past", () => inMinutes(-1).toISOString(), scheduleInPastMessage],
    ["this very moment", () => t.clock.now().toISOString(), scheduleInPastMessage],
    [
      `more than ${SCHEDULE_MAX_DAYS} days ahead`,
      () => new Date(t.clock.now().getTime() + SCHEDULE_MAX_DAYS * day + minute).toISOString(),
      scheduleTooFarMessage,
    ],
    ["something that is no date", () => "amanhã cedo", scheduleInvalidMessage],
  ])("refuses %s in pt-BR and stores nothing", async (_, value, message) => {
    const creator = await t.createCreator()
    for (const path of ["medias", "stories"] as const) {
      const res = await upload(creator.token, path, value())
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ message, field: "scheduledFor" })
    }
    expect(await t.db.$count(medias, eq(medias.profileId, creator.profileId))).toBe(0)
    expect(await t.db.$count(stories, eq(stories.profileId, creator.profileId))).toBe(0)
    const files = await readdir(`${t.mediaDir}/p/${creator.profileId}`).catch(() => [])
    expect(files).toEqual([])
  })

  it("publishes at once when the field is blank", async () => {
    const { creator, follower } = await creatorWithSubscriber()
    expect((await upload(creator.token, "medias", "")).statusCode).toBe(200)
    expect((await seenBy(creator, follower.token)).medias).toHaveLength(1)
  })
})

describe("the publishing job", () => {
  it("keeps a post hidden until its minute, then publishes it with that moment as its date", async () => {
    const { creator, follower } = await creatorWithSubscriber()
    const at = inMinutes(30)
    const story = StudioStorySchema.parse(
      (await upload(creator.token, "stories", at.toISOString())).json(),
    )
    const photo = StudioMediaSchema.parse(
      (await upload(creator.token, "medias", at.toISOString())).json(),
    )

    t.clock.set(new Date(at.getTime() - 1_000))
    await runJob()
    expect(await seenBy(creator, follower.token)).toMatchObject({ stories: [], medias: [] })

    // The next run, one period later: within a minute of its time.
    t.clock.set(new Date(at.getTime() - 1_000 + publishScheduledEveryMs))
    expect(await runJob()).toEqual(["studio.publish-scheduled"])
    expect(t.clock.now().getTime() - at.getTime()).toBeLessThan(minute)
    const seen = await seenBy(creator, follower.token)
    expect(seen).toMatchObject({ stories: [story._id], medias: [photo._id] })
    expect(seen.stats).toMatchObject({ medias: 1, stories: 1 })
    // Its life as a story (and its place in the lists) counts from now, not from the upload.
    const [row] = await t.db.select().from(stories).where(eq(stories.id, story._id))
    expect(row).toMatchObject({ scheduledFor: null, createdAt: t.clock.now() })
    expect(await scheduledList(creator.token)).toEqual([])
  })

  it("publishes each post once, whoever runs it at the same time", async () => {
    const creator = await t.createCreator()
    const at = inMinutes(5)
    const posts = await Promise.all(
      [1, 2, 3].map(() => t.createStory(creator.profileId, { scheduledFor: at })),
    )
    t.clock.set(new Date(at.getTime() + 10_000))
    // Three replicas' services racing, outside the lease: the UPDATE itself admits one.
    const services = [1, 2, 3].map(() => createScheduledPostsService(t))
    const results = await Promise.all(services.map((service) => service.publishDue()))
    const ids = posts.map((post) => post.id)
    const published = results.flatMap((result) => result.stories).filter((id) => ids.includes(id))
    expect(published.sort()).toEqual(ids.sort())
  })

  it("runs once per period across runners, through the lease", async () => {
    const holders = ["replica-a", "replica-b"].map((holder) =>
      createJobRunner({
        db: t.db,
        clock: t.clock,
        log: pino({ level: "silent" }),
        jobs: [publishScheduledJob(createScheduledPostsService(t))],
        holder,
      }),
    )
    t.clock.advance(day)
    const ran = await Promise.all(holders.map((runner) => runner.runDue()))
    expect(ran.flat()).toEqual(["studio.publish-scheduled"])
  })
})

describe("changing a scheduled post", () => {
  it("takes a new time in the future, and refuses a past one", async () => {
    const creator = await t.createCreator()
    const media = await t.createMedia(creator.profileId, { scheduledFor: inMinutes(60) })
    const url = `/v1/studio/scheduled/photo/${media.id}`
    const later = inMinutes(24 * 60).toISOString()
    const moved = await t.inject({
      method: "PATCH",
      url,
      token: creator.token,
      payload: { scheduledFor: later },
    })
    expect(moved.json()).toEqual({ _id: media.id, scheduledFor: later })
    expect((await scheduledList(creator.token))[0]!.scheduledFor).toBe(later)

    const past = await t.inject({
      method: "PATCH",
      url,
      token: creator.token,
      payload: { scheduledFor: inMinutes(-5).toISOString() },
    })
    expect(past.statusCode).toBe(400)
    expect(past.json().message).toBe(scheduleInPastMessage)
    expect((await scheduledList(creator.token))[0]!.scheduledFor).toBe(later)
  })

  it("publishes now, once: a second tap is told it is already out", async () => {
    const { creator, follower } = await creatorWithSubscriber()
    const story = await t.createStory(creator.profileId, {
      scheduledFor: inMinutes(60),
      createdAt: inMinutes(-120),
    })
    const publish = () =>
      t.inject({
        method: "POST",
        url: `/v1/studio/scheduled/story/${story.id}/publish`,
        token: creator.token,
      })
    expect((await publish()).json()).toEqual({ _id: story.id, scheduledFor: null })
    expect((await seenBy(creator, follower.token)).stories).toEqual([story.id])
    const [row] = await t.db.select().from(stories).where(eq(stories.id, story.id))
    expect(row!.createdAt).toEqual(t.clock.now())

    const again = await publish()
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(alreadyPublishedMessage)
    const moved = await t.inject({
      method: "PATCH",
      url: `/v1/studio/scheduled/story/${story.id}`,
      token: creator.token,
      payload: { scheduledFor: inMinutes(60).toISOString() },
    })
    expect(moved.statusCode).toBe(409)
  })

  it("acts only on her own posts, and says so for another's or a missing one", async () => {
    const owner = await t.createCreator()
    const other = await t.createCreator()
    const media = await t.createMedia(owner.profileId, { scheduledFor: inMinutes(60) })
    const publish = (token: string, id: string, kind = "photo") =>
      t.inject({ method: "POST", url: `/v1/studio/scheduled/${kind}/${id}/publish`, token })
    expect((await publish(other.token, media.id)).statusCode).toBe(403)
    // The id of a photo named as a story: no such story.
    expect((await publish(owner.token, media.id, "story")).statusCode).toBe(404)
    expect((await publish(owner.token, "nao-existe")).statusCode).toBe(404)
    expect((await scheduledList(owner.token)).map((post) => post._id)).toEqual([media.id])
  })

  it("cancels by deleting the post and its files", async () => {
    const creator = await t.createCreator()
    const photo = StudioMediaSchema.parse(
      (await upload(creator.token, "medias", inMinutes(60).toISOString())).json(),
    )
    const removed = await t.inject({
      method: "DELETE",
      url: `/v1/studio/medias/${photo._id}`,
      token: creator.token,
    })
    expect(removed.json()).toEqual({ deleted: true })
    expect(await scheduledList(creator.token)).toEqual([])
    expect(await readdir(`${t.mediaDir}/p/${creator.profileId}/medias`)).toEqual([])
  })
})

describe("highlights", () => {
  it("take a scheduled story only once it is published", async () => {
    const { creator, follower } = await creatorWithSubscriber()
    const published = await t.createStory(creator.profileId)
    const waiting = await t.createStory(creator.profileId, { scheduledFor: inMinutes(60) })
    const create = await t.inject({
      method: "POST",
      url: "/v1/studio/highlights",
      token: creator.token,
      payload: { title: "Viagem", storyIds: [published.id, waiting.id] },
    })
    expect(create.statusCode).toBe(422)
    expect(create.json()).toMatchObject({ code: "story_scheduled", field: "storyIds" })

    // A highlight that holds it anyway (kept from before) shows it to nobody until its time.
    await t.createHighlight(creator.profileId, "Antigo", [published.id, waiting.id])
    const forFollower = (
      await t.inject({
        url: `/v1/u/${creator.username}/highlights`,
        token: follower.token,
      })
    ).json()
    expect(forFollower[0].storiesCount).toBe(1)
    expect(forFollower[0].stories.map((s: { _id: string }) => s._id)).toEqual([published.id])
    const forVisitor = (await t.inject({ url: `/v1/u/${creator.username}/highlights` })).json()
    expect(forVisitor[0].storiesCount).toBe(1)
  })
})
