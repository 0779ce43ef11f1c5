import { eq } from "drizzle-orm"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MediaSchema } from "../../../../src/domain/models.ts"
import { photoFileTypeMessage, StudioMediaSchema } from "../../../../src/domain/studio.ts"
import { storageKeysOf } from "../../adapters/images/image-ref.ts"
import { medias } from "../../db/schema.ts"
import { filesUnder } from "../../../test/image-fixtures.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { fileField, multipart, sampleJpeg, sampleVideo } from "../../../test/studio-testing.ts"

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
    // The grid's tiles and the photo come in three formats; a 320 px photo gives one width each.
    expect(media.thumb).toMatch(/-grid-240\.jpg\?/)
    expect(media.image).toMatchObject({ width: 320, height: 320 })
    expect(media.thumbImage).toMatchObject({ width: 240, height: 300 })
    for (const [url, type] of [
      [media.thumbImage!.avif, "image/avif"],
      [media.thumbImage!.webp, "image/webp"],
      [media.thumbImage!.jpeg, "image/jpeg"],
      [media.image!.avif, "image/avif"],
    ] as const) {
      expect(url).toMatch(/ 2[0-9]{2}w$|320w$/)
      expect((await t.inject({ url: url.split(" ")[0]! })).headers["content-type"]).toBe(type)
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

  it("writes a large photo's widths for the grid (4:5) and the feed, and records its own size", async () => {
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
    const sizes = async (srcset: string) => {
      const found = []
      for (const entry of srcset.split(", ")) {
        const [url, width] = entry.split(" ")
        const meta = await sharp((await t.inject({ url: url! })).rawPayload).metadata()
        expect(`${meta.width}w`).toBe(width)
        found.push([meta.width, meta.height])
      }
      return found
    }
    for (const format of ["avif", "webp", "jpeg"] as const) {
      expect(await sizes(media.thumbImage![format])).toEqual([
        [240, 300],
        [480, 600],
        [720, 900],
      ])
      expect(await sizes(media.image![format])).toEqual([
        [640, 480],
        [1080, 810],
        [1600, 1200],
      ])
    }
    expect(media.thumb).toMatch(/-grid-480\.jpg\?/)
    expect(media.src).toBe(media.image!.src)
    expect(media.src).toMatch(/-1600\.jpg\?/)
    const avif = (await t.inject({ url: media.thumbImage!.avif.split(" ")[0]! })).rawPayload
    const jpeg = (await t.inject({ url: media.thumbImage!.jpeg.split(" ")[0]! })).rawPayload
    expect(avif.length).toBeLessThan(jpeg.length)
  })

  it("refuses a photo its decoder cannot read, storing nothing", async () => {
    const creator = await t.createCreator()
    const before = await filesUnder(t.mediaDir)
    // JPEG magic bytes, then nothing a decoder can use.
    const broken = Buffer.concat([sampleJpeg.subarray(0, 200), Buffer.alloc(400, 7)])
    const res = await upload(creator.token, fileField(broken, "quebrada.jpg", "image/jpeg"))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      message: photoFileTypeMessage,
      code: "invalid_file_type",
      field: "file",
    })
    expect(await t.db.$count(medias, eq(medias.profileId, creator.profileId))).toBe(0)
    expect(await filesUnder(t.mediaDir)).toEqual(before)
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

    // An uploaded photo leaves none of its renditions behind.
    const uploaded = StudioMediaSchema.parse(
      (await upload(creator.token, fileField(sampleJpeg, "foto.jpg", "image/jpeg"))).json(),
    )
    const [row] = await t.db.select().from(medias).where(eq(medias.id, uploaded._id))
    const keys = [...storageKeysOf(row!.fileKey), ...storageKeysOf(row!.thumbKey)]
    // One width of the photo and one of the grid, three formats each.
    expect(new Set(keys).size).toBe(6)
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
