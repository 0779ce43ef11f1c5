import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { eq } from "drizzle-orm"
import sharp from "sharp"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { StudioStoriesSchema, StudioStorySchema } from "../../../../src/domain/studio.ts"
import { jpegKeyOf, parseImageRef, storageKeysOf } from "../../adapters/images/image-ref.ts"
import { stories } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { claimLeaseMs, createMediaProcessor, findFfmpeg } from "./media-processor.ts"
import {
  brokenVideoMarker,
  fileField,
  multipart,
  sampleVideo,
  storedSampleVideo,
  writeFakeFfmpeg,
} from "../../../test/studio-testing.ts"

let t: TestApp
let binDir: string
let ffmpeg: string

beforeAll(async () => {
  binDir = await mkdtemp(path.join(tmpdir(), "closer-bin-"))
  ffmpeg = await writeFakeFfmpeg(binDir)
  t = await createTestApp({ config: { ffmpegPath: ffmpeg } })
})
afterAll(async () => {
  await t.close()
  await rm(binDir, { recursive: true, force: true })
})

const uploadStory = (token: string, content: Buffer) =>
  t.inject({
    method: "POST",
    url: "/v1/studio/stories",
    token,
    ...multipart(fileField(content, "story.mp4", "video/mp4")),
  })

async function waitProcessed(token: string, id: string) {
  for (let i = 0; i < 100; i++) {
    const list = StudioStoriesSchema.parse(
      (await t.inject({ url: "/v1/studio/stories", token })).json(),
    )
    const story = list.stories.find((s) => s._id === id)
    if (story?.processed) return story
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`story ${id} never finished processing`)
}

const silent = { warn: () => {}, error: () => {} } as never
const processorAs = (holder: string, ffmpegPath: string, app: TestApp = t) =>
  createMediaProcessor({
    ffmpegPath,
    db: app.db,
    storage: app.storage,
    clock: app.clock,
    log: silent,
    holder,
  })

describe("story videos with ffmpeg", () => {
  it("start as processando, then get a poster and a web rendition replacing the original", async () => {
    const creator = await t.createCreator()
    const res = await uploadStory(creator.token, sampleVideo)
    expect(res.statusCode).toBe(200)
    const uploaded = StudioStorySchema.parse(res.json())
    expect(uploaded).toMatchObject({ kind: "video", processed: false, displayUrl: null })
    const [original] = await t.db.select().from(stories).where(eq(stories.id, uploaded._id))

    const done = await waitProcessed(creator.token, uploaded._id)
    const poster = await t.inject({ url: done.displayUrl! })
    expect(poster.headers["content-type"]).toBe("image/jpeg")
    const video = await t.inject({ url: done.src })
    expect(video.headers["content-type"]).toBe("video/mp4")
    // ffmpeg worked on the upload already without its metadata.
    expect(video.rawPayload.equals(Buffer.concat([storedSampleVideo, Buffer.from("web")]))).toBe(
      true,
    )
    const [row] = await t.db.select().from(stories).where(eq(stories.id, uploaded._id))
    expect(row!.fileKey).toMatch(/-web\.mp4$/)
    expect(await t.storage.stat(original!.fileKey)).toBeNull()

    const list = StudioStoriesSchema.parse(
      (await t.inject({ url: "/v1/studio/stories", token: creator.token })).json(),
    )
    expect(list.videoProcessing).toBe("ffmpeg")
  })

  it("publish a video ffmpeg cannot read as sent, instead of leaving it processando", async () => {
    const creator = await t.createCreator()
    const broken = Buffer.concat([sampleVideo, Buffer.from(brokenVideoMarker)])
    const uploaded = StudioStorySchema.parse((await uploadStory(creator.token, broken)).json())
    const done = await waitProcessed(creator.token, uploaded._id)
    expect(done.displayUrl).toBeNull()
    // As sent, less its metadata.
    const published = Buffer.concat([storedSampleVideo, Buffer.from(brokenVideoMarker)])
    expect((await t.inject({ url: done.src })).rawPayload.equals(published)).toBe(true)
  })

  it("a video left unprocessed by a previous run is picked up again", async () => {
    const creator = await t.createCreator()
    const key = `p/${creator.profileId}/stories/pendente.mp4`
    await t.storage.put(key, sampleVideo)
    const [row] = await t.db
      .insert(stories)
      .values({ profileId: creator.profileId, kind: "video", fileKey: key, processed: false })
      .returning()
    const [demo] = await t.db
      .insert(stories)
      .values({
        profileId: creator.profileId,
        kind: "video",
        fileKey: `p/${creator.profileId}/stories/demo.mp4`,
        posterKey: `p/${creator.profileId}/stories/demo.jpg`,
        processed: false,
      })
      .returning()
    const processor = processorAs("replica-a", ffmpeg)
    await processor.resume()
    await processor.idle()
    const [after] = await t.db.select().from(stories).where(eq(stories.id, row!.id))
    // A story seeded as "processando" with its poster is left as it is.
    const [seeded] = await t.db.select().from(stories).where(eq(stories.id, demo!.id))
    expect(seeded).toMatchObject({
      processed: false,
      fileKey: `p/${creator.profileId}/stories/demo.mp4`,
    })
    expect(after).toMatchObject({ processed: true, processingBy: null, processingUntil: null })
    expect(after!.fileKey).toMatch(
      new RegExp(`^p/${creator.profileId}/stories/pendente-[0-9a-f]{8}-web\\.mp4$`),
    )
    // The poster's renditions, beside the rendition of the same attempt.
    expect(parseImageRef(after!.posterKey!)?.base).toBe(
      after!.fileKey.replace(/-web\.mp4$/, "-poster"),
    )
  })
})

describe("several server processes on one database", () => {
  // Only the processes each test makes: this app has no ffmpeg, so its own never joins in.
  let own: TestApp
  beforeAll(async () => {
    own = await createTestApp()
  })
  afterAll(() => own.close())
  let slowFfmpeg: string
  let callsLog: string
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(binDir, "lento-"))
    slowFfmpeg = await writeFakeFfmpeg(dir, { delayMs: 400 })
    callsLog = path.join(dir, "calls.log")
  })
  beforeEach(() => writeFile(callsLog, ""))
  /** How many times the slow ffmpeg ran (a poster and a rendition per attempt). */
  const ffmpegRuns = async () =>
    (await readFile(callsLog, "utf8")).split("\n").filter(Boolean).length

  /** A video uploaded while no process could make its poster yet. */
  async function pendingStory(values: Partial<typeof stories.$inferInsert> = {}) {
    const creator = await own.createCreator()
    const fileKey = `p/${creator.profileId}/stories/original.mp4`
    await own.storage.put(fileKey, sampleVideo)
    const [row] = await own.db
      .insert(stories)
      .values({ profileId: creator.profileId, kind: "video", fileKey, processed: false, ...values })
      .returning()
    return row!
  }

  const storyRow = async (id: string) =>
    (await own.db.select().from(stories).where(eq(stories.id, id)))[0]!

  /** The files in storage beside the story's original. */
  const filesOf = async (row: typeof stories.$inferSelect) =>
    (await readdir(path.join(own.mediaDir, `p/${row.profileId}/stories`))).sort()

  async function bytes(key: string) {
    const chunks: Buffer[] = []
    for await (const chunk of own.storage.read(key)) chunks.push(Buffer.from(chunk))
    return Buffer.concat(chunks)
  }

  /** Exactly one poster and one rendition, both readable, the original gone. */
  async function expectPublishedOnce(id: string) {
    const row = await storyRow(id)
    expect(row).toMatchObject({ processed: true, processingBy: null, processingUntil: null })
    expect(await filesOf(row)).toEqual(
      [row.fileKey, ...storageKeysOf(row.posterKey!)].map((key) => path.basename(key)).sort(),
    )
    expect(row.fileKey).toMatch(/-[0-9a-f]{8}-web\.mp4$/)
    // The poster ffmpeg wrote (the 320 px sample), rendered as an image story is.
    const poster = await sharp(await bytes(jpegKeyOf(row.posterKey!))).metadata()
    expect([poster.format, poster.width, poster.height]).toEqual(["jpeg", 320, 320])
    expect(
      (await bytes(row.fileKey)).equals(Buffer.concat([sampleVideo, Buffer.from("web")])),
    ).toBe(true)
  }

  const claimedBy = async (id: string, holder: string) => {
    for (let i = 0; i < 200; i++) {
      if ((await storyRow(id)).processingBy === holder) return
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`${holder} never claimed ${id}`)
  }

  it("two processes racing on one story make one poster and one rendition, and delete none", async () => {
    const story = await pendingStory()
    const replicas = [
      processorAs("replica-a", slowFfmpeg, own),
      processorAs("replica-b", slowFfmpeg, own),
    ]
    for (const replica of replicas) replica.enqueueStory(story.id)
    await Promise.all(replicas.map((replica) => replica.idle()))
    await expectPublishedOnce(story.id)
    // The second one found the story claimed and left it: one attempt, not two.
    expect(await ffmpegRuns()).toBe(2)
  })

  it("both on start-up: each video is processed by one of them", async () => {
    const pending = await Promise.all([pendingStory(), pendingStory(), pendingStory()])
    const replicas = [
      processorAs("replica-a", slowFfmpeg, own),
      processorAs("replica-b", slowFfmpeg, own),
    ]
    await Promise.all(replicas.map((replica) => replica.resume()))
    await Promise.all(replicas.map((replica) => replica.idle()))
    for (const story of pending) await expectPublishedOnce(story.id)
    expect(await ffmpegRuns()).toBe(2 * pending.length)
  })

  it("a claim that lapsed is taken over; whoever finishes second removes only its own files", async () => {
    const story = await pendingStory()
    const stuck = processorAs("replica-lenta", slowFfmpeg, own)
    stuck.enqueueStory(story.id)
    await claimedBy(story.id, "replica-lenta")
    // Its claim runs out while ffmpeg still works (as if it had stopped renewing it).
    own.clock.advance(claimLeaseMs + 1_000)
    const other = processorAs("replica-b", slowFfmpeg, own)
    other.enqueueStory(story.id)
    await claimedBy(story.id, "replica-b")
    await Promise.all([stuck.idle(), other.idle()])
    expect(await ffmpegRuns()).toBe(4)
    await expectPublishedOnce(story.id)
  })

  it("leaves a video another live process has claimed, and takes over a dead one's", async () => {
    const now = own.clock.now().getTime()
    const busy = await pendingStory({
      processingBy: "replica-viva",
      processingUntil: new Date(now + 60_000),
    })
    const dead = await pendingStory({
      processingBy: "replica-morta",
      processingUntil: new Date(now - 1_000),
    })
    const replica = processorAs("replica-b", ffmpeg, own)
    await replica.resume()
    replica.enqueueStory(busy.id)
    await replica.idle()
    expect(await storyRow(busy.id)).toMatchObject({
      processed: false,
      processingBy: "replica-viva",
      fileKey: busy.fileKey,
    })
    await expectPublishedOnce(dead.id)
  })

  it("a process shutting down stops ffmpeg and hands the video back at once", async () => {
    const story = await pendingStory()
    const leaving = processorAs("replica-saindo", slowFfmpeg, own)
    leaving.enqueueStory(story.id)
    await claimedBy(story.id, "replica-saindo")
    await leaving.stop()
    expect(await storyRow(story.id)).toMatchObject({
      processed: false,
      processingBy: null,
      processingUntil: null,
      fileKey: story.fileKey,
    })
    expect(await filesOf(story)).toEqual(["original.mp4"])
    leaving.enqueueStory(story.id)
    await leaving.idle()
    expect((await storyRow(story.id)).processed).toBe(false)

    const staying = processorAs("replica-b", ffmpeg, own)
    await staying.resume()
    await staying.idle()
    await expectPublishedOnce(story.id)
  })
})

describe("findFfmpeg", () => {
  it("finds ffmpeg on PATH, or says there is none", async () => {
    expect(await findFfmpeg(`/nao/existe${path.delimiter}${binDir}`)).toBe(ffmpeg)
    expect(await findFfmpeg("/nao/existe")).toBeNull()
  })
})
