import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { stripVideoMetadata } from "./strip-video-metadata.ts"

// WebM files built element by element here (EBML: an ID, a variable-length size, the data).
const location = "+12.3456-045.6789/"

/** A size on `length` bytes (1 to 8), or the "unknown" size of a live recording. */
function vint(value: number | "unknown", length = 8): Buffer {
  const out = Buffer.alloc(length)
  if (value === "unknown") {
    out.fill(0xff)
    out[0] = 0xff >> (length - 1)
    return out
  }
  let rest = value
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256
    rest = Math.floor(rest / 256)
  }
  out[0] = out[0]! | (0x80 >> (length - 1))
  return out
}

const el = (id: number, payload: Buffer | string, sizeLength = 1) => {
  const data = typeof payload === "string" ? Buffer.from(payload) : payload
  const idBytes = Buffer.from(
    id
      .toString(16)
      .padStart(2, "0")
      .replace(/^(.(..)*)$/, "0$1"),
    "hex",
  )
  return Buffer.concat([idBytes, vint(data.length, sizeLength), data])
}
const master = (id: number, children: Buffer[], sizeLength = 8) =>
  el(id, Buffer.concat(children), sizeLength)
const unknownSize = (id: number, children: Buffer[]) =>
  Buffer.concat([Buffer.from(id.toString(16), "hex"), vint("unknown"), ...children])

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  title: 0x7ba9,
  dateUtc: 0x4461,
  muxingApp: 0x4d80,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  tags: 0x1254c367,
  tag: 0x7373,
  simpleTag: 0x67c8,
  tagName: 0x45a3,
  tagString: 0x4487,
  crc32: 0xbf,
  void: 0xec,
}

const header = master(ID.ebml, [el(ID.docType, "webm")])
const info = (...extra: Buffer[]) =>
  master(ID.info, [
    el(ID.crc32, Buffer.from([1, 2, 3, 4])),
    el(ID.timecodeScale, Buffer.from([0x0f, 0x42, 0x40])),
    ...extra,
    el(ID.muxingApp, "Camera"),
  ])
const tracks = master(ID.tracks, [master(ID.trackEntry, [Buffer.from([0xd7, 0x81, 0x01])])])
const frames = master(ID.cluster, [
  el(ID.timecode, Buffer.from([0])),
  el(ID.simpleBlock, Buffer.from("QUADRO".repeat(30)), 2),
])
const tags = (sizeLength = 8) =>
  master(
    ID.tags,
    [
      master(ID.tag, [
        master(ID.simpleTag, [el(ID.tagName, "LOCATION"), el(ID.tagString, location)]),
        master(ID.simpleTag, [el(ID.tagName, "MAKE"), el(ID.tagString, "Phone")]),
      ]),
    ],
    sizeLength,
  )
const seekToTags = master(ID.seekHead, [
  master(ID.seek, [el(ID.seekId, Buffer.from("1254c367", "hex")), el(ID.seekPosition, "\u0001")]),
])

interface Element {
  id: number
  length: number
  children?: Element[]
}
const masters = new Set([ID.segment, ID.seekHead, ID.seek, ID.info, ID.tracks, ID.cluster, ID.tags])

/** An independent reading of the element tree (known sizes only), as a demuxer walks it. */
function parse(data: Buffer, start = 0, end = data.length): Element[] {
  const elements: Element[] = []
  for (let at = start; at < end;) {
    const idLength = Math.clz32(data[at]!) - 23
    const id = data.readUIntBE(at, idLength)
    const sizeLength = Math.clz32(data[at + idLength]!) - 23
    let size = data[at + idLength]! & (0xff >> sizeLength)
    for (let i = 1; i < sizeLength; i++) size = size * 256 + data[at + idLength + i]!
    const dataStart = at + idLength + sizeLength
    if (idLength > 4 || sizeLength > 8 || dataStart + size > end)
      throw new Error(`inválido em ${at}`)
    const length = dataStart + size - at
    elements.push(
      masters.has(id)
        ? { id, length, children: parse(data, dataStart, at + length) }
        : { id, length },
    )
    at += length
  }
  return elements
}

/** The same tree with the elements of the given IDs turned into Void of the same length. */
const voided = (elements: Element[], ids: number[]): Element[] =>
  elements.map((e) =>
    ids.includes(e.id)
      ? { id: ID.void, length: e.length }
      : { ...e, ...(e.children && { children: voided(e.children, ids) }) },
  )

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "closer-webm-meta-"))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

let count = 0
async function stripped(data: Buffer) {
  const file = path.join(dir, `video-${count++}.webm`)
  await writeFile(file, data)
  const outcome = await stripVideoMetadata(file)
  return { outcome, after: await readFile(file) }
}

describe("stripVideoMetadata on a WebM", () => {
  it("turns Tags, the title and the date into Void of the same length; the frames stay", async () => {
    const title = el(ID.title, "Casa da Maria")
    const date = el(ID.dateUtc, Buffer.alloc(8, 7))
    const file = Buffer.concat([
      header,
      master(ID.segment, [seekToTags, info(title, date), tracks, frames, tags()]),
    ])
    const { outcome, after } = await stripped(file)
    expect(outcome).toEqual({
      status: "stripped",
      container: "matroska",
      // Info's checksum would no longer match: it goes too (it is optional).
      removed: [
        "Segment/Info/CRC-32",
        "Segment/Info/Title",
        "Segment/Info/DateUTC",
        "Segment/Tags",
      ],
    })
    for (const text of [location, "LOCATION", "Phone", "Casa da Maria"])
      expect(after.includes(text), text).toBe(false)
    expect(after.length).toBe(file.length)
    expect(parse(after)).toEqual(voided(parse(file), [ID.crc32, ID.title, ID.dateUtc, ID.tags]))
    expect(after.includes(frames)).toBe(true)
    expect(after.includes(tracks)).toBe(true)
  })

  it("fits the Void header to any size the Tags header had", async () => {
    for (const sizeLength of [2, 4, 8]) {
      const file = Buffer.concat([header, master(ID.segment, [info(), frames, tags(sizeLength)])])
      const { outcome, after } = await stripped(file)
      expect(outcome, `${sizeLength}`).toMatchObject({ removed: ["Segment/Tags"] })
      expect(after.includes(location)).toBe(false)
      expect(parse(after)).toEqual(voided(parse(file), [ID.tags]))
    }
  })

  it("finds Tags after the frames of a live recording, whose Segment and Clusters have no size", async () => {
    const live = (cluster: Buffer) =>
      unknownSize(ID.cluster, [el(ID.timecode, Buffer.from([0])), cluster])
    const file = Buffer.concat([
      header,
      unknownSize(ID.segment, [
        info(),
        tracks,
        live(el(ID.simpleBlock, "QUADRO-1")),
        live(el(ID.simpleBlock, "QUADRO-2")),
        tags(),
      ]),
    ])
    const { outcome, after } = await stripped(file)
    expect(outcome).toMatchObject({ status: "stripped", removed: ["Segment/Tags"] })
    expect(after.includes(location)).toBe(false)
    expect(after.subarray(0, file.length - tags().length)).toEqual(
      file.subarray(0, file.length - tags().length),
    )
    expect(parse(after.subarray(file.length - tags().length))).toEqual([
      { id: ID.void, length: tags().length },
    ])
  })

  it("a file cut short inside Tags is blanked as far as it goes", async () => {
    const whole = Buffer.concat([header, master(ID.segment, [info(), frames, tags()])])
    const cut = whole.subarray(0, whole.length - 10)
    const { outcome, after } = await stripped(cut)
    expect(outcome).toMatchObject({ status: "stripped", removed: ["Segment/Tags"] })
    expect(after.length).toBe(cut.length)
    expect(after.includes("LOCATION")).toBe(false)
  })

  it("refuses a structure it cannot follow and leaves the file exactly as it was", async () => {
    const segment = master(ID.segment, [info(), frames, tags()])
    // The Segment says it is shorter than its Tags.
    const short = Buffer.from(segment)
    short.set(vint(segment.length - 12 - 20), 4)
    const cases = {
      "an element running past its Segment": Buffer.concat([header, short, Buffer.alloc(40)]),
      "an invalid ID inside the Segment": Buffer.concat([
        header,
        master(ID.segment, [tags(), Buffer.from([0, 0, 0])]),
      ]),
      "an unknown size on Tags": Buffer.concat([
        header,
        unknownSize(ID.segment, [unknownSize(ID.tags, [el(ID.tagString, location)])]),
      ]),
    }
    for (const [name, data] of Object.entries(cases)) {
      const { outcome, after } = await stripped(data)
      expect(outcome.status, name).toBe("unreadable")
      expect(after.equals(data), name).toBe(true)
    }
  })
})
