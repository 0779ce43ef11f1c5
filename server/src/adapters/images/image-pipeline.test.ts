import sharp from "sharp"
import { beforeAll, describe, expect, it } from "vitest"
import { imageTooManyPixelsMessage, imageUses } from "../../../../src/domain/images.ts"
import {
  expectCleanImage,
  htmlBehindJpegMagic,
  phonePhoto,
  pixelBombPng,
  receiptScreenshot,
} from "../../../test/image-fixtures.ts"
import { renderImage } from "./image-pipeline.ts"
import { isCleanReceiptKey, reencodeReceipt } from "./receipt-image.ts"

const typeMessage = "Envie uma foto."
let photo: Buffer

beforeAll(async () => {
  photo = await phonePhoto()
}, 30_000)

describe("the image pipeline", () => {
  it("turns a phone photo upright and writes each width of a free-shaped use without metadata", async () => {
    const image = await renderImage(photo, "photo", typeMessage)
    // 1200 x 900 stored, orientation 6: 900 x 1200 as seen; 1080 and 1600 are wider than that.
    expect(image.source).toEqual({ width: 900, height: 1200 })
    expect(image.renditions.map((r) => [r.width, r.height])).toEqual([[640, 853]])
    for (const rendition of image.renditions) {
      for (const bytes of [rendition.avif, rendition.webp, rendition.jpeg]) {
        const meta = await expectCleanImage(bytes, { maxWidth: 640, portrait: true })
        expect([meta.width, meta.height]).toEqual([640, 853])
      }
    }
    expect((await sharp(image.renditions[0]!.avif).metadata()).format).toBe("heif")
    expect((await sharp(image.renditions[0]!.webp).metadata()).format).toBe("webp")
    expect((await sharp(image.renditions[0]!.jpeg).metadata()).format).toBe("jpeg")
  })

  it("cuts to the use's shape, never wider than the source can fill", async () => {
    const grid = await renderImage(photo, "grid", typeMessage)
    expect(grid.renditions.map((r) => [r.width, r.height])).toEqual([
      [240, 300],
      [480, 600],
      [720, 900],
    ])
    const banner = await renderImage(photo, "banner", typeMessage)
    expect(banner.renditions.map((r) => [r.width, r.height])).toEqual([[640, 213]])
    const avatar = await renderImage(photo, "avatar", typeMessage)
    expect(avatar.renditions.map((r) => r.width)).toEqual([...imageUses.avatar.widths])
    for (const r of [...grid.renditions, ...banner.renditions, ...avatar.renditions]) {
      await expectCleanImage(r.jpeg, { maxWidth: 720 })
    }
  })

  it("writes one rendition at the source's width when it is narrower than the smallest", async () => {
    const small = await sharp({
      create: { width: 90, height: 60, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer()
    const image = await renderImage(small, "cover", typeMessage)
    expect(image.renditions.map((r) => [r.width, r.height])).toEqual([[60, 60]])
  })

  it("refuses a decompression bomb from its header, before decoding", async () => {
    const bomb = pixelBombPng()
    expect(bomb.length).toBeLessThan(2_000)
    const started = Date.now()
    await expect(renderImage(bomb, "photo", typeMessage)).rejects.toMatchObject({
      statusCode: 422,
      message: imageTooManyPixelsMessage,
      code: "image_too_large_pixels",
      field: "file",
    })
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it("refuses a file that only starts like a JPEG with the upload's own message", async () => {
    await expect(renderImage(htmlBehindJpegMagic(), "photo", typeMessage)).rejects.toMatchObject({
      statusCode: 422,
      message: typeMessage,
      code: "invalid_file_type",
    })
    const truncated = photo.subarray(0, Math.floor(photo.length / 2))
    await expect(renderImage(truncated, "photo", typeMessage)).rejects.toMatchObject({
      statusCode: 422,
      message: typeMessage,
    })
  })
})

describe("receipts", () => {
  it("re-encodes a photo as JPEG and a screenshot as PNG, without metadata", async () => {
    const fromPhoto = await reencodeReceipt(photo, typeMessage)
    expect(fromPhoto.ext).toBe("jpg")
    await expectCleanImage(fromPhoto.data, { maxWidth: 900, portrait: true })
    const fromScreenshot = await reencodeReceipt(await receiptScreenshot(), typeMessage)
    expect(fromScreenshot.ext).toBe("png")
    expect((await sharp(fromScreenshot.data).metadata()).format).toBe("png")
    await expectCleanImage(fromScreenshot.data, { maxWidth: 600, portrait: true })
    expect(isCleanReceiptKey("receipts/p/abc.clean.png")).toBe(true)
    expect(isCleanReceiptKey("receipts/p/abc.png")).toBe(false)
  })

  it("caps the longest side", async () => {
    const tall = await sharp({
      create: { width: 1000, height: 5000, channels: 3, background: "#fff" },
    })
      .jpeg()
      .toBuffer()
    const { data } = await reencodeReceipt(tall, typeMessage)
    const meta = await sharp(data).metadata()
    expect([meta.width, meta.height]).toEqual([480, 2400])
  })
})
