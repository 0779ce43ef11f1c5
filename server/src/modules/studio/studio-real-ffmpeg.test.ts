import { execFile } from "node:child_process"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eq } from "drizzle-orm"
import { StudioStoriesSchema, StudioStorySchema } from "../../../../src/domain/studio.ts"
import { stories } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { createMediaProcessor, findFfmpeg } from "./media-processor.ts"
import {
  carriesPhoneData,
  makePhoneVideos,
  probePhoneData,
} from "../../../test/phone-videos-testing.ts"
import { fileField, multipart, sampleVideo } from "../../../test/studio-testing.ts"
import { jpegKeyOf } from "../../adapters/images/image-ref.ts"

// Debian's ffmpeg on the real demo video: no fake, no skipping (.ci/run installs the package).
const run = promisify(execFile)
let t: TestApp
let ffmpeg: string
let workDir: string

beforeAll(async () => {
  const found = process.env.FFMPEG_PATH ?? (await findFfmpeg())
  if (!found)
    throw new Error("ffmpeg não encontrado: instale-o (apt-get install -y ffmpeg) ou FFMPEG_PATH")
  ffmpeg = found
  workDir = await mkdtemp(path.join(tmpdir(), "closer-real-ffmpeg-"))
  t = await createTestApp({ config: { ffmpegPath: ffmpeg } })
})
afterAll(async () => {
  await t?.close()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

/** What ffprobe (installed with ffmpeg) reads in a file. */
async function probe(file: string) {
  const { stdout } = await run(path.join(path.dirname(ffmpeg), "ffprobe"), [
    ...["-v", "error", "-of", "json"],
    ...["-show_entries", "stream=codec_type,codec_name,pix_fmt,width,height:format=duration"],
    file,
  ])
  const info = JSON.parse(stdout) as {
    streams: Array<{ codec_type: string; codec_name: string; pix_fmt?: string; width?: number }>
    format: { duration?: string }
  }
  return { streams: info.streams, duration: Number(info.format.duration) }
}

/** Decodes every frame: an error in the stream fails the run. */
const decodes = (file: string) =>
  run(ffmpeg, ["-v", "error", "-xerror", "-i", file, "-f", "null", "-"])

/** Uploads a story video and waits for ffmpeg to finish with it. */
async function processedStory(video: Buffer) {
  const creator = await t.createCreator()
  const res = await t.inject({
    method: "POST",
    url: "/v1/studio/stories",
    token: creator.token,
    ...multipart(fileField(video, "story.mp4", "video/mp4")),
  })
  expect(res.statusCode, res.body).toBe(200)
  const uploaded = StudioStorySchema.parse(res.json())
  expect(uploaded.processed).toBe(false)

  let done = uploaded
  for (let i = 0; i < 600 && !done.processed; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const list = StudioStoriesSchema.parse(
      (await t.inject({ url: "/v1/studio/stories", token: creator.token })).json(),
    )
    done = list.stories.find((story) => story._id === uploaded._id)!
  }
  expect(done.processed).toBe(true)
  return done
}

describe("story videos through the real ffmpeg", () => {
  it("get a JPEG poster and a playable H.264 MP4 rendition of the same length", async () => {
    const done = await processedStory(sampleVideo)
    expect(done.displayUrl).not.toBeNull()

    const poster = await t.inject({ url: done.displayUrl! })
    expect(poster.headers["content-type"]).toBe("image/jpeg")
    expect(poster.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true)
    const posterFile = path.join(workDir, "poster.jpg")
    await writeFile(posterFile, poster.rawPayload)
    const posterInfo = await probe(posterFile)
    expect(posterInfo.streams).toMatchObject([{ codec_type: "video", codec_name: "mjpeg" }])

    const video = await t.inject({ url: done.src })
    expect(video.statusCode).toBe(200)
    expect(video.headers["content-type"]).toBe("video/mp4")
    const videoFile = path.join(workDir, "web.mp4")
    await writeFile(videoFile, video.rawPayload)
    const original = path.join(workDir, "original.mp4")
    await writeFile(original, sampleVideo)

    const rendition = await probe(videoFile)
    expect(rendition.streams).toEqual([
      expect.objectContaining({ codec_type: "video", codec_name: "h264", pix_fmt: "yuv420p" }),
    ])
    expect(rendition.streams[0]!.width).toBeLessThanOrEqual(720)
    expect(rendition.duration).toBeCloseTo((await probe(original)).duration, 1)
    await decodes(videoFile)
    // The index comes before the frames, so a phone starts playing before the whole download.
    expect(video.rawPayload.indexOf("moov")).toBeLessThan(video.rawPayload.indexOf("mdat"))
  })

  it("keep where a phone video was recorded, and the phone, out of the rendition and the poster", async () => {
    const phone = await makePhoneVideos(ffmpeg, workDir)
    expect(carriesPhoneData(phone.mp4)).toBe(true)
    expect((await probePhoneData(ffmpeg, phone.mp4, workDir, "phone.mp4")).phoneTags).not.toEqual(
      [],
    )
    const done = await processedStory(phone.mp4)
    const rendition = (await t.inject({ url: done.src })).rawPayload
    const poster = (await t.inject({ url: done.displayUrl! })).rawPayload
    for (const [file, name] of [
      [rendition, "web.mp4"],
      [poster, "poster.jpg"],
    ] as const) {
      expect(carriesPhoneData(file), name).toBe(false)
      expect((await probePhoneData(ffmpeg, file, workDir, name)).phoneTags, name).toEqual([])
    }
    await decodes(path.join(workDir, "web.mp4"))
  })

  it("leave it out even of an original stored with it (uploaded before uploads were cleaned)", async () => {
    const phone = await makePhoneVideos(ffmpeg, workDir)
    const creator = await t.createCreator()
    const fileKey = `p/${creator.profileId}/stories/antigo.mp4`
    await t.storage.put(fileKey, phone.mp4)
    const [row] = await t.db
      .insert(stories)
      .values({ profileId: creator.profileId, kind: "video", fileKey, processed: false })
      .returning()
    const processor = createMediaProcessor({
      ffmpegPath: ffmpeg,
      db: t.db,
      storage: t.storage,
      clock: t.clock,
      log: { warn: () => {}, error: () => {} } as never,
    })
    processor.enqueueStory(row!.id)
    await processor.idle()
    const [done] = await t.db.select().from(stories).where(eq(stories.id, row!.id))
    expect(done).toMatchObject({ processed: true })
    expect(done!.fileKey).toMatch(/-web\.mp4$/)
    for (const [key, name] of [
      [done!.fileKey, "antigo-web.mp4"],
      // The poster is an image ref now: its JPEG rendition is what ffprobe reads.
      [jpegKeyOf(done!.posterKey!), "antigo-poster.jpg"],
    ] as const) {
      const chunks: Buffer[] = []
      for await (const chunk of t.storage.read(key)) chunks.push(Buffer.from(chunk))
      const file = Buffer.concat(chunks)
      expect(carriesPhoneData(file), name).toBe(false)
      expect((await probePhoneData(ffmpeg, file, workDir, name)).phoneTags, name).toEqual([])
    }
  })
})
