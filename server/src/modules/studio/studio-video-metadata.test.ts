import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { StudioStorySchema } from "../../../../src/domain/studio.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { findFfmpeg } from "./media-processor.ts"
import {
  carriesPhoneData,
  decodesWhole,
  makePhoneVideos,
  probePhoneData,
} from "../../../test/phone-videos-testing.ts"
import { fileField, multipart } from "../../../test/studio-testing.ts"

// A server without ffmpeg publishes a video as sent: without where it was recorded. Debian's
// ffmpeg only makes the phone videos and reads the results (.ci/run installs the package);
// studio-real-ffmpeg.test.ts covers the rendition and the poster.
let t: TestApp
let ffmpeg: string
let workDir: string
let phone: { mp4: Buffer; webm: Buffer }

beforeAll(async () => {
  const found = process.env.FFMPEG_PATH ?? (await findFfmpeg())
  if (!found)
    throw new Error("ffmpeg não encontrado: instale-o (apt-get install -y ffmpeg) ou FFMPEG_PATH")
  ffmpeg = found
  workDir = await mkdtemp(path.join(tmpdir(), "closer-video-metadata-"))
  phone = await makePhoneVideos(ffmpeg, workDir)
  t = await createTestApp({ config: { ffmpegPath: null } })
})
afterAll(async () => {
  await t?.close()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe("a story video published as sent by a server without ffmpeg", () => {
  for (const [name, type] of [
    ["story.mp4", "video/mp4"],
    ["story.webm", "video/webm"],
  ] as const) {
    it(`${name}: has lost the location and the phone, and still plays`, async () => {
      const sent = name.endsWith(".mp4") ? phone.mp4 : phone.webm
      const before = await probePhoneData(ffmpeg, sent, workDir, `sent-${name}`)
      expect(carriesPhoneData(sent)).toBe(true)
      expect(before.phoneTags).not.toEqual([])

      const creator = await t.createCreator()
      const res = await t.inject({
        method: "POST",
        url: "/v1/studio/stories",
        token: creator.token,
        ...multipart(fileField(sent, name, type)),
      })
      expect(res.statusCode, res.body).toBe(200)
      const story = StudioStorySchema.parse(res.json())
      expect(story).toMatchObject({ processed: true, displayUrl: null })

      const published = (await t.inject({ url: story.src })).rawPayload
      expect(published.length).toBe(sent.length)
      expect(carriesPhoneData(published)).toBe(false)
      const after = await probePhoneData(ffmpeg, published, workDir, name)
      expect(after.phoneTags).toEqual([])
      expect(after.streams).toEqual(before.streams)
      await decodesWhole(ffmpeg, published, workDir, name)
    })
  }
})
