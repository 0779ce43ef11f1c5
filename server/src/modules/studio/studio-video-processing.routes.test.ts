import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { StudioStoriesSchema, StudioStorySchema } from "../../../../src/domain/studio.ts"
import { stories } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../testing/test-app.ts"
import { createMediaProcessor, findFfmpeg } from "./media-processor.ts"
import {
  brokenVideoMarker,
  fileField,
  multipart,
  sampleVideo,
  writeFakeFfmpeg,
} from "./studio-testing.ts"

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
    expect(video.rawPayload.equals(Buffer.concat([sampleVideo, Buffer.from("web")]))).toBe(true)
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
    expect((await t.inject({ url: done.src })).rawPayload.equals(broken)).toBe(true)
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
    const silent = { warn: () => {}, error: () => {} } as never
    const processor = createMediaProcessor({
      ffmpegPath: ffmpeg,
      db: t.db,
      storage: t.storage,
      log: silent,
    })
    await processor.resume()
    await processor.idle()
    const [after] = await t.db.select().from(stories).where(eq(stories.id, row!.id))
    // A story seeded as "processando" with its poster is left as it is.
    const [seeded] = await t.db.select().from(stories).where(eq(stories.id, demo!.id))
    expect(seeded).toMatchObject({
      processed: false,
      fileKey: `p/${creator.profileId}/stories/demo.mp4`,
    })
    expect(after).toMatchObject({
      processed: true,
      fileKey: `p/${creator.profileId}/stories/pendente-web.mp4`,
    })
    expect(after!.posterKey).toBe(`p/${creator.profileId}/stories/pendente-poster.jpg`)
  })
})

describe("findFfmpeg", () => {
  it("finds ffmpeg on PATH, or says there is none", async () => {
    expect(await findFfmpeg(`/nao/existe${path.delimiter}${binDir}`)).toBe(ffmpeg)
    expect(await findFfmpeg("/nao/existe")).toBeNull()
  })
})
