import { readdir } from "node:fs/promises"
import path from "node:path"
import { crc32, deflateSync } from "node:zlib"
import sharp from "sharp"
import { expect } from "vitest"
import type { ImageSet } from "../../src/domain/images.ts"

/** Strings hidden in a fixture's metadata: none may reach a file we serve. */
export const metadataMarkers = {
  make: "MarcaDoCelular",
  gps: "DATUM-SECRETO",
  xmp: "Pessoa Secreta",
  iptc: "Legenda Secreta",
} as const

const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${metadataMarkers.xmp}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`

/**
 * A phone photo as a camera writes it: stored landscape with EXIF orientation 6 (shown
 * portrait), the camera's make, a GPS position, XMP and a Display P3 profile. Drawn with a
 * brighter left half, so a turned copy is told apart from one merely resized.
 */
export async function phonePhoto(options: { width?: number; height?: number } = {}) {
  const width = options.width ?? 1200
  const height = options.height ?? 900
  const left = await sharp({
    create: { width: Math.round(width / 2), height, channels: 3, background: "#f0e0d0" },
  })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: "#203040" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: metadataMarkers.make, Model: "X1" },
      IFD3: {
        GPSMapDatum: metadataMarkers.gps,
        GPSLatitudeRef: "S",
        GPSLatitude: "23/1 33/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "46/1 38/1 0/1",
      },
    })
    .withXmp(xmp)
    .withIccProfile("p3")
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** A PNG screenshot of a receipt carrying the same EXIF and XMP. */
export async function receiptScreenshot() {
  return sharp({ create: { width: 600, height: 1000, channels: 3, background: "#fafafa" } })
    .withExif({ IFD0: { Make: metadataMarkers.make }, IFD3: { GPSMapDatum: metadataMarkers.gps } })
    .withXmp(xmp)
    .png()
    .toBuffer()
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data])
  const out = Buffer.alloc(8 + data.length + 4)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), 8 + data.length)
  return out
}

/**
 * A decompression bomb: a PNG a few hundred bytes long whose header says 30000 x 30000 (900
 * megapixels, about 2.7 GB once decoded). Its data holds a few rows only; nothing may decode it.
 */
export function pixelBombPng(side = 30_000) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = deflateSync(Buffer.alloc((side * 3 + 1) * 4), { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

/** JPEG magic bytes followed by a web page: passes a magic-byte check, is no image. */
export const htmlBehindJpegMagic = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
  ])

/**
 * Asserts that `bytes` is an image carrying no metadata at all (no EXIF, GPS, XMP, IPTC nor an
 * ICC profile, none of the fixture's hidden strings), at most `maxWidth` wide, and upright: the
 * fixture's landscape pixels turned by its orientation 6 give a portrait picture.
 */
export async function expectCleanImage(
  bytes: Buffer,
  options: { maxWidth: number; portrait?: boolean },
) {
  const meta = await sharp(bytes).metadata()
  expect(meta.exif, "EXIF").toBeUndefined()
  expect(meta.xmp, "XMP").toBeUndefined()
  expect(meta.iptc, "IPTC").toBeUndefined()
  expect(meta.icc, "ICC").toBeUndefined()
  expect(meta.orientation ?? 1).toBe(1)
  for (const marker of Object.values(metadataMarkers)) {
    expect(bytes.includes(marker), marker).toBe(false)
  }
  expect(meta.width).toBeLessThanOrEqual(options.maxWidth)
  if (options.portrait) expect(meta.height).toBeGreaterThan(meta.width)
  // Turned upright, the fixture's bright half is on top: its left and right halves look alike,
  // however the use cut it. Left as stored, the left half would be the bright one.
  const half = Math.floor(meta.width / 2)
  const mean = async (left: number) => {
    const pixels = await sharp(bytes)
      .extract({ left, top: 0, width: half, height: meta.height })
      .removeAlpha()
      .raw()
      .toBuffer()
    return pixels.reduce((sum, value) => sum + value, 0) / pixels.length
  }
  expect(Math.abs((await mean(0)) - (await mean(meta.width - half)))).toBeLessThan(12)
  return meta
}

/** Every file under `dir`, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort()
}

/** Every URL of an image set with the width it claims (`src` counts as the widest). */
export function imageSetUrls(set: ImageSet): Array<{ url: string; width: number }> {
  const entries = [set.avif, set.webp, set.jpeg].flatMap((srcset) =>
    srcset.split(", ").map((entry) => {
      const [url, width] = entry.split(" ")
      return { url: url!, width: Number(width!.replace(/w$/, "")) }
    }),
  )
  return [...entries, { url: set.src, width: set.width }]
}
