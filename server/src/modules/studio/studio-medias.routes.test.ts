import { eq } from "drizzle-orm"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MediaSchema } from "../../../../src/domain/models.ts"
import { StudioMediaSchema } from "../../../../src/domain/studio.ts"
import { medias } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../testing/test-app.ts"
import { fileField, multipart, sampleJpeg, sampleVideo } from "./studio-testing.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config: { ffmpegPath: null } })
})
afterAll(() => t.close())

const upload = (token: string, ...parts: Parameters<typeof multipart>) =>
  t.inject({ method: "POST", url: "/v1/studio/medias", token, ...multipart(...parts) })

describe("POST /v1/studio/medias", () => {
  it("publishes a photo with its caption, sent before or after the file", async () => {
    const creator = await t.createCreator()
    const before = await upload(
      creator.token,
      { name: "description", value: "  Pôr do sol 🌅 " },
      fileField(sampleJpeg, "foto.jpg", "image/jpeg"),
    )
    expect(before.statusCode).toBe(200)
    const media = StudioMediaSchema.parse(before.json())
    expect(media).toMatchObject({ description: "Pôr do sol 🌅", likes: 0, hasLiked: false })
    expect((await t.inject({ url: media.src })).headers["content-type"]).toBe("image/jpeg")
    // The grid's thumbnails exist without ffmpeg, in three formats.
    expect(media.thumb).toMatch(/-thumb\.jpg\?/)
    for (const [url, type] of [
      [media.thumb, "image/jpeg"],
      [media.thumbWebp, "image/webp"],
      [media.thumbAvif, "image/avif"],
    ] as const) {
      expect(url).toBeDefined()
      expect((await t.inject({ url: url! })).headers["content-type"]).toBe(type)
    }

    const after = await upload(creator.token, fileField(sampleJpeg, "foto.jpg", "image/jpeg"), {
      name: "description",
      value: "Depois",
    })
    expect(after.json().description).toBe("Depois")
    const blank = await upload(creator.token, fileField(sampleJpeg), {
      name: "description",
      value: " ",
    })
    expect(blank.json().description).toBeNull()

    const follower = await t.createAccount()
    await t.createSubscription({ accountId: follower.id, profileId: creator.profileId })
    const feed = MediaSchema.array().parse(
      (await t.inject({ url: `/v1/u/${creator.username}/medias`, token: follower.token })).json(),
    )
    expect(feed.map((m) => m.description)).toEqual(
      expect.arrayContaining(["Pôr do sol 🌅", "Depois", null]),
    )
  })

  it("cuts a large photo's grid thumbnails to 480 x 600 and records its own size", async () => {
    const creator = await t.createCreator()
    const large = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: "#c0506a" },
    })
      .jpeg()
      .toBuffer()
    const res = await upload(creator.token, fileField(large, "grande.jpg", "image/jpeg"))
    expect(res.statusCode).toBe(200)
    const media = StudioMediaSchema.parse(res.json())
    expect(media).toMatchObject({ width: 2000, height: 1500 })
    for (const url of [media.thumb, media.thumbWebp!, media.thumbAvif!]) {
      const thumb = await sharp((await t.inject({ url })).rawPayload).metadata()
      expect([thumb.width, thumb.height]).toEqual([480, 600])
    }
    const avif = (await t.inject({ url: media.thumbAvif! })).rawPayload
    const jpeg = (await t.inject({ url: media.thumb })).rawPayload
    expect(avif.length).toBeLessThan(jpeg.length)
  })

  it("publishes a photo its decoder cannot read with the photo itself as the thumbnail", async () => {
    const creator = await t.createCreator()
    // JPEG magic bytes, then nothing a decoder can use.
    const broken = Buffer.concat([sampleJpeg.subarray(0, 200), Buffer.alloc(400, 7)])
    const res = await upload(creator.token, fileField(broken, "quebrada.jpg", "image/jpeg"))
    expect(res.statusCode).toBe(200)
    const media = StudioMediaSchema.parse(res.json())
    expect(media.thumb).toBe(media.src)
    expect(media.thumbWebp).toBeUndefined()
    expect(media.thumbAvif).toBeUndefined()
  })

  it("refuses a video, a fake image and a long caption, storing nothing", async () => {
    const creator = await t.createCreator()
    const video = await upload(creator.token, fileField(sampleVideo, "foto.jpg", "image/jpeg"))
    expect(video.statusCode).toBe(422)
    expect(video.json()).toEqual({
      message: "Apenas imagens são permitidas.",
      code: "invalid_file_type",
      field: "file",
    })
    const html = await upload(
      creator.token,
      fileField(Buffer.from("<html></html>"), "a.png", "image/png"),
    )
    expect(html.statusCode).toBe(422)
    const long = await upload(creator.token, fileField(sampleJpeg), {
      name: "description",
      value: "a".repeat(2201),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toEqual({
      message: "A legenda pode ter até 2200 caracteres",
      code: "validation_error",
      field: "description",
    })
    expect(await t.db.$count(medias, eq(medias.profileId, creator.profileId))).toBe(0)
  })
})

describe("GET, PATCH and DELETE /v1/studio/medias", () => {
  it("lists newest first with likes, edits the caption and deletes with its files", async () => {
    const creator = await t.createCreator()
    const old = await t.createMedia(creator.profileId, {
      createdAt: new Date(Date.UTC(2024, 0, 1)),
    })
    const recent = await t.createMedia(creator.profileId)
    const fan = await t.createAccount()
    await t.createSubscription({ accountId: fan.id, profileId: creator.profileId })
    await t.inject({ method: "POST", url: `/v1/medias/${old.id}/like`, token: fan.token })

    const list = StudioMediaSchema.array().parse(
      (await t.inject({ url: "/v1/studio/medias", token: creator.token })).json(),
    )
    expect(list.map((m) => [m._id, m.likes])).toEqual([
      [recent.id, 0],
      [old.id, 1],
    ])

    const edited = await t.inject({
      method: "PATCH",
      url: `/v1/studio/medias/${old.id}`,
      token: creator.token,
      payload: { description: "Nova legenda" },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ description: "Nova legenda", likes: 1 })
    const cleared = await t.inject({
      method: "PATCH",
      url: `/v1/studio/medias/${old.id}`,
      token: creator.token,
      payload: { description: null },
    })
    expect(cleared.json().description).toBeNull()

    const removed = await t.inject({
      method: "DELETE",
      url: `/v1/studio/medias/${old.id}`,
      token: creator.token,
    })
    expect(removed.json()).toEqual({ deleted: true })
    expect(await t.db.$count(medias, eq(medias.id, old.id))).toBe(0)
    expect(await t.storage.stat(old.fileKey)).toBeNull()
    expect(await t.storage.stat(old.thumbKey)).toBeNull()

    // An uploaded photo leaves none of its four files behind.
    const uploaded = StudioMediaSchema.parse(
      (await upload(creator.token, fileField(sampleJpeg, "foto.jpg", "image/jpeg"))).json(),
    )
    const [row] = await t.db.select().from(medias).where(eq(medias.id, uploaded._id))
    const keys = [row!.fileKey, row!.thumbKey, row!.thumbWebpKey!, row!.thumbAvifKey!]
    expect(new Set(keys).size).toBe(4)
    for (const key of keys) expect(await t.storage.stat(key)).not.toBeNull()
    await t.inject({
      method: "DELETE",
      url: `/v1/studio/medias/${uploaded._id}`,
      token: creator.token,
    })
    for (const key of keys) expect(await t.storage.stat(key)).toBeNull()
  })

  it("answers 403 for another creator's photo and 404 for none, changing nothing", async () => {
    const owner = await t.createCreator()
    const other = await t.createCreator()
    const media = await t.createMedia(owner.profileId, { description: "Minha" })
    const edit = await t.inject({
      method: "PATCH",
      url: `/v1/studio/medias/${media.id}`,
      token: other.token,
      payload: { description: "Roubada" },
    })
    expect(edit.statusCode).toBe(403)
    expect(edit.json().code).toBe("not_owner")
    const remove = await t.inject({
      method: "DELETE",
      url: `/v1/studio/medias/${media.id}`,
      token: other.token,
    })
    expect(remove.statusCode).toBe(403)
    const missing = await t.inject({
      method: "DELETE",
      url: "/v1/studio/medias/00000000-0000-4000-8000-000000000000",
      token: owner.token,
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: "Foto não encontrada", code: "media_not_found" })
    const [row] = await t.db.select().from(medias).where(eq(medias.id, media.id))
    expect(row?.description).toBe("Minha")
  })
})
