import { type ByteReader, type Neutralisation, UnreadableVideoError } from "./byte-reader.ts"

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  cues: 0x1c53bb6b,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  chapters: 0x1043a770,
  void: 0xec,
  crc32: 0xbf,
  title: 0x7ba9,
  dateUtc: 0x4461,
} as const

/** Segment children that hold only metadata (tags such as LOCATION, attached files, chapter names). */
const metadataElements = new Map<number, string>([
  [ID.tags, "Tags"],
  [ID.attachments, "Attachments"],
  [ID.chapters, "Chapters"],
])
/** Inside Info: the title and the recording date; the rest (timescale, duration) plays the file. */
const infoMetadata = new Map<number, string>([
  [ID.title, "Title"],
  [ID.dateUtc, "DateUTC"],
])
/** An element of unknown size (a live recording's Cluster) ends where one of these begins. */
const segmentLevel = new Set<number>([
  ID.ebml,
  ID.segment,
  ID.seekHead,
  ID.info,
  ID.tracks,
  ID.cluster,
  ID.cues,
  ID.tags,
  ID.attachments,
  ID.chapters,
])

const magic = Buffer.from([0x1a, 0x45, 0xdf, 0xa3])

export function looksLikeMatroska(head: Buffer): boolean {
  return head.subarray(0, 4).equals(magic)
}

interface Element {
  id: number
  start: number
  dataStart: number
  /** Where it ends by its size (clamped to the end of the file), or null when its size is unknown. */
  end: number | null
}

/** The element starting at `offset`, or null when the file ends inside its header. */
async function readElement(reader: ByteReader, offset: number): Promise<Element | null> {
  const head = await reader.bytes(offset, 12)
  if (head.length === 0) return null
  const idLength = Math.clz32(head[0]!) - 23
  if (idLength > 4) throw new UnreadableVideoError(`identificador inválido no byte ${offset}`)
  if (head.length <= idLength) return null
  const sizeLength = Math.clz32(head[idLength]!) - 23
  if (sizeLength > 8) throw new UnreadableVideoError(`tamanho inválido no byte ${offset}`)
  if (head.length < idLength + sizeLength) return null
  const id = head.readUIntBE(0, idLength)
  const sizeBytes = head.subarray(idLength, idLength + sizeLength)
  const firstValue = sizeBytes[0]! & (0xff >> sizeLength)
  const unknown =
    firstValue === 0xff >> sizeLength && sizeBytes.subarray(1).every((byte) => byte === 0xff)
  let size = firstValue
  for (const byte of sizeBytes.subarray(1)) size = size * 256 + byte
  const dataStart = offset + idLength + sizeLength
  return {
    id,
    start: offset,
    dataStart,
    end: unknown ? null : Math.min(dataStart + size, reader.size),
  }
}

/** A Void element with exactly `total` bytes, its size written on as many bytes as that takes. */
function voidHeader(total: number): Buffer {
  for (let length = 1; length <= 8; length++) {
    const payload = total - 1 - length
    if (payload < 0) break
    if (payload <= 2 ** (7 * length) - 2) {
      const header = Buffer.alloc(1 + length)
      header[0] = ID.void
      let rest = payload
      for (let i = length; i >= 1; i--) {
        header[i] = rest % 256
        rest = Math.floor(rest / 256)
      }
      header[1] = header[1]! | (0x80 >> (length - 1))
      return header
    }
  }
  throw new UnreadableVideoError(`elemento de ${total} bytes não pode virar Void`)
}

const toVoid = (path: string, element: Element, end: number): Neutralisation => ({
  path,
  start: element.start,
  end,
  header: voidHeader(end - element.start),
})

/**
 * Lists the metadata elements of a WebM/Matroska file as Void elements of exactly the same
 * length, so every position (SeekHead, Cues) stays right. An element cut off by the end of the
 * file is taken as far as it goes; a size that contradicts its parent makes the file unreadable.
 */
export async function planMatroska(reader: ByteReader): Promise<Neutralisation[]> {
  const edits: Neutralisation[] = []
  let offset = 0
  while (offset < reader.size) {
    const element = await readElement(reader, offset)
    if (!element) break
    if (element.id === ID.segment) {
      offset = await walkSegment(reader, element, edits)
    } else if (element.end === null) {
      throw new UnreadableVideoError(`elemento de tamanho desconhecido no byte ${offset}`)
    } else {
      offset = element.end
    }
  }
  return edits
}

/** Walks a Segment's children; returns where the Segment ends. */
async function walkSegment(
  reader: ByteReader,
  segment: Element,
  edits: Neutralisation[],
): Promise<number> {
  const end = segment.end ?? reader.size
  let offset = segment.dataStart
  while (offset < end) {
    const child = await readElement(reader, offset)
    if (!child) break
    // A Segment of unknown size ends where the next one (or its EBML header) begins.
    if (segment.end === null && (child.id === ID.ebml || child.id === ID.segment)) return offset
    let childEnd: number
    if (child.end === null) {
      if (child.id !== ID.cluster)
        throw new UnreadableVideoError(`elemento de tamanho desconhecido no byte ${offset}`)
      childEnd = await unknownClusterEnd(reader, child, end)
    } else {
      childEnd = child.end
      if (childEnd > end) throw new UnreadableVideoError(`elemento passa do fim do Segment`)
    }
    const name = metadataElements.get(child.id)
    if (name) edits.push(toVoid(`Segment/${name}`, child, childEnd))
    else if (child.id === ID.info) await walkInfo(reader, child, childEnd, edits)
    offset = childEnd
  }
  return end
}

/** Voids Info's title and date, and then its CRC-32, which no longer matches. */
async function walkInfo(reader: ByteReader, info: Element, end: number, edits: Neutralisation[]) {
  let crc: Element | null = null
  const found: Neutralisation[] = []
  let offset = info.dataStart
  while (offset < end) {
    const child = await readElement(reader, offset)
    if (!child) break
    if (child.end === null || child.end > end)
      throw new UnreadableVideoError(`elemento passa do fim de Info`)
    const name = infoMetadata.get(child.id)
    if (name) found.push(toVoid(`Segment/Info/${name}`, child, child.end))
    if (child.id === ID.crc32) crc = child
    offset = child.end
  }
  if (found.length && crc) edits.push(toVoid("Segment/Info/CRC-32", crc, crc.end!))
  edits.push(...found)
}

/** A live recording's Cluster has no size: it ends where the next Segment-level element begins. */
async function unknownClusterEnd(
  reader: ByteReader,
  cluster: Element,
  segmentEnd: number,
): Promise<number> {
  let offset = cluster.dataStart
  while (offset < segmentEnd) {
    const child = await readElement(reader, offset)
    if (!child || segmentLevel.has(child.id)) return offset
    if (child.end === null)
      throw new UnreadableVideoError(`elemento de tamanho desconhecido no byte ${offset}`)
    offset = child.end
  }
  return Math.min(offset, segmentEnd)
}
