import { existsSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, expect, it } from "vitest"
import { StudioStorySchema } from "../../../../src/domain/studio.ts"
import { stories } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { fileField, multipart, sampleVideo, writeFakeFfmpeg } from "../../../test/studio-testing.ts"
import { createMediaProcessor } from "./media-processor.ts"

// A web replica started with MEDIA_WORKER=off, with an ffmpeg it must not use.
let web: TestApp
let binDir: string
let ffmpeg: string

beforeAll(async () => {
  binDir = await mkdtemp(path.join(tmpdir(), "closer-bin-"))
  ffmpeg = await writeFakeFfmpeg(binDir)
  web = await createTestApp({ config: { ffmpegPath: ffmpeg, mediaWorker: false } })
})
afterAll(async () => {
  await web.close()
  await rm(binDir, { recursive: true, force: true })
})

it("a replica with MEDIA_WORKER=off leaves an uploaded video queued, and a worker processes it", async () => {
  const creator = await web.createCreator()
  const res = await web.inject({
    method: "POST",
    url: "/v1/studio/stories",
    token: creator.token,
    ...multipart(fileField(sampleVideo, "story.mp4", "video/mp4")),
  })
  expect(res.statusCode).toBe(200)
  const uploaded = StudioStorySchema.parse(res.json())
  // "processando" as on any replica: the worker will make its poster and rendition.
  expect(uploaded).toMatchObject({ kind: "video", processed: false })

  // Well past the moment a working replica would have started ffmpeg.
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const [queued] = await web.db.select().from(stories).where(eq(stories.id, uploaded._id))
  expect(queued).toMatchObject({ processed: false, processingBy: null })
  expect(existsSync(path.join(binDir, "calls.log"))).toBe(false)

  // The dedicated worker (MEDIA_WORKER on, the default) on the same database picks it up.
  const worker = createMediaProcessor({
    ffmpegPath: ffmpeg,
    db: web.db,
    storage: web.storage,
    clock: web.clock,
    log: { warn: () => {}, error: () => {} } as never,
    holder: "worker",
  })
  await worker.resume()
  await worker.idle()
  const [done] = await web.db.select().from(stories).where(eq(stories.id, uploaded._id))
  expect(done!.processed).toBe(true)
  expect(done!.fileKey).toMatch(/-web\.mp4$/)
  expect(existsSync(path.join(binDir, "calls.log"))).toBe(true)
})
