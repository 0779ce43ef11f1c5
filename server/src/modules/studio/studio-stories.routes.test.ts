import { readdir } from "node:fs/promises"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { StorySchema } from "../../../../src/domain/models.ts"
import { StudioStoriesSchema, StudioStorySchema } from "../../../../src/domain/studio.ts"
import { highlightStories, stories } from "../../db/schema.ts"
import { createTestApp, tinyPng, type TestApp } from "../../../test/test-app.ts"
import {
  fileField,
  multipart,
  sampleJpeg,
  sampleVideo,
  storedSampleVideo,
} from "../../../test/studio-testing.ts"

let t: TestApp

beforeAll(async () => {
  // This file covers a server without ffmpeg; studio-video-processing covers one with it.
  t = await createTestApp({ config: { ffmpegPath: null } })
})
afterAll(() => t.close())

const upload = (token: string, content: Buffer, filename = "story.mp4", type = "video/mp4") =>
  t.inject({
    method: "POST",
    url: "/v1/studio/stories",
    token,
    ...multipart(fileField(content, filename, type)),
  })

describe("POST /v1/studio/stories without ffmpeg", () => {
  it("publishes a video as sent, says why, and a subscriber sees it", async () => {
    const creator = await t.createCreator()
    const res = await upload(creator.token, sampleVideo)
    expect(res.statusCode).toBe(200)
    const story = StudioStorySchema.parse(res.json())
    expect(story).toMatchObject({ kind: "video", processed: true, displayUrl: null })
    expect(story.stats).toEqual({ users: 0 })
    const file = await t.inject({ url: story.src })
    expect(file.headers["content-type"]).toBe("video/mp4")
    // As sent, less its metadata.
    expect(file.rawPayload.equals(storedSampleVideo)).toBe(true)

    const list = StudioStoriesSchema.parse(
      (await t.inject({ url: "/v1/studio/stories", token: creator.token })).json(),
    )
    expect(list.videoProcessing).toBe("unavailable")
    expect(list.stories.map((s) => s._id)).toEqual([story._id])

    const follower = await t.createAccount()
    await t.createSubscription({ accountId: follower.id, profileId: creator.profileId })
    const seen = await t.inject({ url: `/v1/u/${creator.username}/stories`, token: follower.token })
    expect(
      StorySchema.array()
        .parse(seen.json())
        .map((s) => s._id),
    ).toEqual([story._id])
  })

  it("publishes an image at once, with itself as the poster", async () => {
    const creator = await t.createCreator()
    const res = await upload(creator.token, sampleJpeg, "foto.jpg", "image/jpeg")
    expect(res.statusCode).toBe(200)
    const story = StudioStorySchema.parse(res.json())
    expect(story).toMatchObject({ kind: "image", processed: true })
    expect((await t.inject({ url: story.displayUrl! })).headers["content-type"]).toBe("image/jpeg")
    expect(story.src).toBe(story.image!.src)
    expect(story.displayUrl).toBe(story.image!.src)
    const [row] = await t.db.select().from(stories).where(eq(stories.id, story._id))
    // Its renditions, named by one ref in both columns; the 320 px sample gives one width.
    expect(row!.fileKey).toMatch(
      new RegExp(`^img:p/${creator.profileId}/stories/[0-9a-f-]+:320x320:320$`),
    )
    expect(row!.posterKey).toBe(row!.fileKey)
  })

  it("judges the type by its bytes, not by the name, and stores nothing otherwise", async () => {
    const creator = await t.createCreator()
    const fake = await upload(creator.token, Buffer.from("#!/bin/sh\necho oi\n"), "video.mp4")
    expect(fake.statusCode).toBe(422)
    expect(fake.json()).toEqual({
      message: "Envie um vídeo (MP4 ou WebM) ou uma imagem (JPEG, PNG ou WebP).",
      code: "invalid_file_type",
      field: "file",
    })
    const pdf = await upload(creator.token, Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n"), "a.png")
    expect(pdf.statusCode).toBe(422)
    const none = await t.inject({
      method: "POST",
      url: "/v1/studio/stories",
      token: creator.token,
      ...multipart({ name: "description", value: "sem arquivo" }),
    })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({
      message: "Nenhum arquivo foi selecionado",
      code: "no_file",
    })
    const json = await t.inject({
      method: "POST",
      url: "/v1/studio/stories",
      token: creator.token,
      payload: { file: "x" },
    })
    expect(json.statusCode).toBe(415)
    expect(await t.db.$count(stories, eq(stories.profileId, creator.profileId))).toBe(0)
  })

  it("refuses a damaged video whose metadata cannot be removed, and stores nothing", async () => {
    const creator = await t.createCreator()
    const damaged = Buffer.from(sampleVideo)
    // The movie header's size says 4 bytes: nothing after it inside moov can be followed.
    damaged.writeUInt32BE(4, damaged.indexOf("mvhd") - 4)
    const res = await upload(creator.token, damaged)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      message:
        "Não conseguimos ler este vídeo: o arquivo parece danificado. Exporte-o de novo e envie outra vez.",
      code: "unreadable_video",
      field: "file",
    })
    expect(await t.db.$count(stories, eq(stories.profileId, creator.profileId))).toBe(0)
    expect(await readdir(t.mediaDir, { recursive: true })).not.toContainEqual(
      expect.stringContaining(creator.profileId),
    )
  })

  it("accepts a video up to 100 MB and an image up to 10 MB, answering 413 in pt-BR above", async () => {
    const creator = await t.createCreator()
    const bigImage = Buffer.concat([tinyPng, Buffer.alloc(10 * 1024 * 1024)])
    const image = await upload(creator.token, bigImage, "grande.png", "image/png")
    expect(image.statusCode).toBe(413)
    expect(image.json()).toEqual({
      message: "A imagem pode ter até 10 MB.",
      code: "file_too_large",
      field: "file",
    })
    const bigVideo = Buffer.concat([sampleVideo, Buffer.alloc(100 * 1024 * 1024)])
    const video = await upload(creator.token, bigVideo)
    expect(video.statusCode).toBe(413)
    expect(video.json().message).toBe("O vídeo pode ter até 100 MB.")
    // Between the two limits: a video is fine.
    const midVideo = Buffer.concat([sampleVideo, Buffer.alloc(12 * 1024 * 1024)])
    expect((await upload(creator.token, midVideo)).statusCode).toBe(200)
    expect(await t.db.$count(stories, eq(stories.profileId, creator.profileId))).toBe(1)
  })

  it("refuses followers and operators", async () => {
    for (const role of ["follower", "admin"] as const) {
      const account = await t.createAccount({ role })
      expect((await upload(account.token, sampleVideo)).statusCode, role).toBe(403)
    }
  })
})

describe("GET /v1/studio/stories", () => {
  it("lists newest first with how many people saw each", async () => {
    const creator = await t.createCreator()
    const older = await t.createStory(creator.profileId, {
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    })
    const newer = await t.createStory(creator.profileId, { processed: false })
    const follower = await t.createAccount()
    await t.createSubscription({ accountId: follower.id, profileId: creator.profileId })
    await t.inject({ method: "POST", url: `/v1/stories/seen/${older.id}`, token: follower.token })
    const res = await t.inject({ url: "/v1/studio/stories", token: creator.token })
    const body = StudioStoriesSchema.parse(res.json())
    expect(body.stories.map((s) => [s._id, s.processed, s.stats.users])).toEqual([
      [newer.id, false, 0],
      [older.id, true, 1],
    ])
  })
})

describe("DELETE /v1/studio/stories/:id", () => {
  it("deletes the story, its files and its place in highlights", async () => {
    const creator = await t.createCreator()
    const story = await t.createStory(creator.profileId)
    const highlight = await t.createHighlight(creator.profileId, "Viagens", [story.id])
    const res = await t.inject({
      method: "DELETE",
      url: `/v1/studio/stories/${story.id}`,
      token: creator.token,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ deleted: true })
    expect(await t.db.$count(stories, eq(stories.id, story.id))).toBe(0)
    expect(
      await t.db.$count(highlightStories, eq(highlightStories.highlightId, highlight.id)),
    ).toBe(0)
    expect(await t.storage.stat(story.fileKey)).toBeNull()
    expect(await t.storage.stat(story.posterKey!)).toBeNull()
  })

  it("answers 403 for another creator's story and 404 for none, deleting nothing", async () => {
    const owner = await t.createCreator()
    const other = await t.createCreator()
    const story = await t.createStory(owner.profileId)
    const stolen = await t.inject({
      method: "DELETE",
      url: `/v1/studio/stories/${story.id}`,
      token: other.token,
    })
    expect(stolen.statusCode).toBe(403)
    expect(stolen.json()).toEqual({ message: "Este conteúdo não é seu.", code: "not_owner" })
    for (const id of ["00000000-0000-4000-8000-000000000000", "nada"]) {
      const missing = await t.inject({
        method: "DELETE",
        url: `/v1/studio/stories/${id}`,
        token: owner.token,
      })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ message: "Story não encontrado", code: "story_not_found" })
    }
    expect(await t.db.$count(stories, eq(stories.id, story.id))).toBe(1)
    expect(await t.storage.stat(story.fileKey)).not.toBeNull()
  })
})
