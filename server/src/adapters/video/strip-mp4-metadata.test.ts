import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { stripVideoMetadata } from "./strip-video-metadata.ts"

// MP4s built box by box here, so each case shows exactly what a phone or camera writes.
const location = "+12.3456-045.6789/"

function box(type: string, ...children: Buffer[]): Buffer {
  const payload = Buffer.concat(children)
  const header = Buffer.alloc(8)
  header.writeUInt32BE(8 + payload.length)
  header.write(type, 4, "latin1")
  return Buffer.concat([header, payload])
}

/** A box with a 64-bit size (size field 1, then the size on 8 bytes). */
function largeBox(type: string, ...children: Buffer[]): Buffer {
  const payload = Buffer.concat(children)
  const header = Buffer.alloc(16)
  header.writeUInt32BE(1)
  header.write(type, 4, "latin1")
  header.writeBigUInt64BE(BigInt(16 + payload.length), 8)
  return Buffer.concat([header, payload])
}

/** QuickTime's ©xyz: a 16-bit length, a language, the ISO 6709 text. */
function xyz(text: string): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt16BE(text.length)
  head.writeUInt16BE(0x15c7, 2)
  return box("\u00a9xyz", head, Buffer.from(text, "latin1"))
}

const bytes = (size: number, fill: number) => Buffer.alloc(size, fill)
const ftyp = box("ftyp", Buffer.from("isom\0\0\u0002\0isomiso2avc1mp41", "latin1"))
const mvhd = box("mvhd", bytes(100, 1))
const frames = box("mdat", Buffer.from("FRAMES".repeat(50)))
/** Apple's way: keys naming the location, then its value in ilst. */
const appleMeta = box(
  "meta",
  Buffer.alloc(4),
  box("hdlr", Buffer.alloc(8), Buffer.from("mdta"), Buffer.alloc(12)),
  box("keys", Buffer.from("com.apple.quicktime.location.ISO6709com.apple.quicktime.make")),
  box("ilst", box("data", Buffer.from(location)), box("data", Buffer.from("Phone"))),
)
const track = box(
  "trak",
  box("tkhd", bytes(84, 2)),
  box("mdia", box("mdhd", bytes(24, 3)), box("minf", box("stbl", box("stco", bytes(12, 4))))),
  box("udta", box("name", Buffer.from("Câmera traseira"))),
)
const phoneMp4 = Buffer.concat([
  ftyp,
  box(
    "moov",
    mvhd,
    box("udta", xyz(location), box("\u00a9mak", Buffer.from("Phone"))),
    appleMeta,
    track,
  ),
  frames,
])

interface Box {
  type: string
  size: number
  children?: Box[]
}

/** An independent reading of the box tree, the way a player descends into it. */
function parse(data: Buffer, start = 0, end = data.length): Box[] {
  const boxes: Box[] = []
  for (let at = start; at + 8 <= end;) {
    let size = data.readUInt32BE(at)
    const type = data.toString("latin1", at + 4, at + 8)
    let header = 8
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8))
      header = 16
    }
    if (size < header || at + size > end) throw new Error(`caixa ${type} inválida em ${at}`)
    const containers = ["moov", "trak", "mdia", "minf", "stbl", "moof", "traf"]
    boxes.push(
      containers.includes(type)
        ? { type, size, children: parse(data, at + header, at + size) }
        : { type, size },
    )
    at += size
  }
  return boxes
}

/** The same tree with the named boxes turned into `free`. */
const freed = (boxes: Box[], types: string[]): Box[] =>
  boxes.map((b) =>
    types.includes(b.type)
      ? { type: "free", size: b.size }
      : { ...b, ...(b.children && { children: freed(b.children, types) }) },
  )

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "closer-mp4-meta-"))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

let count = 0
async function stripped(data: Buffer) {
  const file = path.join(dir, `video-${count++}.mp4`)
  await writeFile(file, data)
  const outcome = await stripVideoMetadata(file)
  return { outcome, after: await readFile(file) }
}

describe("stripVideoMetadata on an MP4", () => {
  it("blanks udta and meta wherever they are, keeping every size and the frames", async () => {
    expect(phoneMp4.includes(location)).toBe(true)
    const { outcome, after } = await stripped(phoneMp4)
    expect(outcome).toEqual({
      status: "stripped",
      container: "iso-bmff",
      removed: ["moov/udta", "moov/meta", "moov/trak/udta"],
    })
    for (const text of [location, "Phone", "location", "Câmera"])
      expect(after.includes(text), text).toBe(false)
    expect(after.length).toBe(phoneMp4.length)
    expect(parse(after)).toEqual(freed(parse(phoneMp4), ["udta", "meta"]))
    // Only the blanked boxes changed: the frames and every other box are byte for byte the same.
    expect(after.subarray(after.length - frames.length).equals(frames)).toBe(true)
    expect(after.subarray(0, ftyp.length + 8 + mvhd.length)).toEqual(
      phoneMp4.subarray(0, ftyp.length + 8 + mvhd.length),
    )
    const udtaAt = ftyp.length + 8 + mvhd.length
    const udtaSize = after.readUInt32BE(udtaAt)
    expect(after.subarray(udtaAt + 8, udtaAt + udtaSize).every((b) => b === 0)).toBe(true)
  })

  it("honours 64-bit sizes: a large mdat before the movie, a large uuid (XMP) and udta", async () => {
    const xmp = largeBox(
      "uuid",
      Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex"),
      Buffer.from(`<x:xmpmeta><exif:GPSLatitude>${location}</exif:GPSLatitude></x:xmpmeta>`),
    )
    const bigFrames = largeBox("mdat", Buffer.from("QUADROS".repeat(40)))
    const file = Buffer.concat([
      ftyp,
      bigFrames,
      box("moov", mvhd, largeBox("udta", xyz(location)), track),
      xmp,
    ])
    const { outcome, after } = await stripped(file)
    expect(outcome).toMatchObject({ removed: ["moov/udta", "moov/trak/udta", "uuid"] })
    expect(after.includes(location)).toBe(false)
    expect(after.includes("xmpmeta")).toBe(false)
    expect(parse(after)).toEqual(freed(parse(file), ["udta", "uuid"]))
    // The 64-bit header stays 64-bit: size field 1, same large size.
    const xmpAt = file.length - xmp.length
    expect(after.readUInt32BE(xmpAt)).toBe(1)
    expect(after.toString("latin1", xmpAt + 4, xmpAt + 8)).toBe("free")
    expect(after.readBigUInt64BE(xmpAt + 8)).toBe(BigInt(xmp.length))
    expect(after.subarray(ftyp.length, ftyp.length + bigFrames.length).equals(bigFrames)).toBe(true)
  })

  it("keeps uuid boxes inside fragments, where they may carry playback data", async () => {
    const fragmentUuid = box("uuid", Buffer.from("a5d40b30e81411ddba2f0800200c9a66", "hex"))
    const file = Buffer.concat([
      ftyp,
      box("moov", mvhd, box("udta", xyz(location))),
      box("moof", box("traf", fragmentUuid)),
      frames,
    ])
    const { outcome, after } = await stripped(file)
    expect(outcome).toMatchObject({ removed: ["moov/udta"] })
    expect(after.includes(fragmentUuid)).toBe(true)
  })

  it("a file cut short inside its metadata is blanked as far as it goes", async () => {
    // Phones write the frames first and the movie box last.
    const whole = Buffer.concat([ftyp, frames, box("moov", mvhd, box("udta", xyz(location)))])
    const cut = whole.subarray(0, whole.length - 6)
    const { outcome, after } = await stripped(cut)
    expect(outcome).toMatchObject({ status: "stripped", removed: ["moov/udta"] })
    expect(after.length).toBe(cut.length)
    expect(after.includes(location.slice(0, 12))).toBe(false)
  })

  it("junk after the last box is left alone, the boxes before it are blanked", async () => {
    const junk = Buffer.from("ARQUIVO-QUEBRADO")
    const { outcome, after } = await stripped(Buffer.concat([phoneMp4, junk]))
    expect(outcome.status).toBe("stripped")
    expect(after.includes(location)).toBe(false)
    expect(after.subarray(phoneMp4.length).equals(junk)).toBe(true)
  })

  it("refuses a structure it cannot follow and leaves the file exactly as it was", async () => {
    const tooSmall = Buffer.from([0, 0, 0, 4, 0x61, 0x62, 0x63, 0x64])
    const overflowing = box("udta", xyz(location))
    overflowing.writeUInt32BE(overflowing.length + 500)
    const cases = {
      "a box of 4 bytes inside moov": Buffer.concat([
        ftyp,
        box("moov", box("udta", xyz(location)), tooSmall),
        frames,
      ]),
      "a box running past its parent": Buffer.concat([ftyp, box("moov", overflowing), frames]),
      "a zero 64-bit size": Buffer.concat([ftyp, largeBox("moov").fill(0, 8), frames]),
      "random bytes": Buffer.from("não é um vídeo, só texto qualquer ".repeat(10)),
      "an empty file": Buffer.alloc(0),
    }
    for (const [name, data] of Object.entries(cases)) {
      const { outcome, after } = await stripped(data)
      expect(outcome.status, name).toBe("unreadable")
      expect(after.equals(data), name).toBe(true)
    }
  })
})
