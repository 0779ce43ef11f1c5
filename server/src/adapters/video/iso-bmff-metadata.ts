import { type ByteReader, type Neutralisation, UnreadableVideoError } from "./byte-reader.ts"

/** Boxes whose children are walked: the movie, its tracks and fragments, down to the sample tables. */
const containers = new Set([
  "moov",
  "trak",
  "mdia",
  "minf",
  "dinf",
  "stbl",
  "edts",
  "mvex",
  "moof",
  "traf",
  "mfra",
])

/** Inside a fragment a `uuid` box may carry sample encryption or timing, so it stays. */
const fragments = new Set(["moof", "traf"])

/**
 * `udta` (©xyz, loci, make, model...) and `meta` (Apple's keys, ilst, XMP) anywhere, and `uuid`
 * boxes (XMP, cameras' EXIF with GPS) outside fragments: nothing playback needs.
 */
const isMetadata = (type: string, inFragment: boolean) =>
  type === "udta" || type === "meta" || (type === "uuid" && !inFragment)

/** Types a QuickTime or ISO file may start with. */
const firstBoxTypes = new Set(["ftyp", "moov", "mdat", "free", "skip", "wide", "pnot"])

export function looksLikeIsoBmff(head: Buffer): boolean {
  return head.length >= 8 && firstBoxTypes.has(head.toString("latin1", 4, 8))
}

/**
 * Lists every metadata box as a `free` box of the same size (a 64-bit size stays 64-bit), so no
 * chunk offset moves and playback is unaffected. A box cut off by the end of the file is taken
 * as far as it goes; a size that contradicts its parent makes the file unreadable.
 */
export async function planIsoBmff(reader: ByteReader): Promise<Neutralisation[]> {
  const edits: Neutralisation[] = []
  await walk(reader, 0, reader.size, [], false, edits)
  return edits
}

async function walk(
  reader: ByteReader,
  start: number,
  end: number,
  parents: string[],
  inFragment: boolean,
  edits: Neutralisation[],
): Promise<void> {
  // What reaches the end of the file may have been cut short there.
  const reachesEof = end === reader.size
  const where = parents.length ? parents.join("/") : "o arquivo"
  let offset = start
  // Fewer than 8 bytes left hold no box (QuickTime ends some lists with 4 zero bytes).
  while (end - offset >= 8) {
    const head = await reader.bytes(offset, 16)
    const type = head.toString("latin1", 4, 8)
    let size = head.readUInt32BE(0)
    let headerSize = 8
    if (size === 1) {
      if (end - offset < 16) {
        if (reachesEof) return
        throw new UnreadableVideoError(`caixa ${type} cortada em ${where}`)
      }
      const large = head.readBigUInt64BE(8)
      size = large > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(large)
      headerSize = 16
    } else if (size === 0) {
      // Runs to the end of its parent (at the top, of the file).
      size = end - offset
    }
    if (size < headerSize) {
      throw new UnreadableVideoError(`caixa ${type} de ${size} bytes em ${where}`)
    }
    let boxEnd = offset + size
    if (boxEnd > end) {
      if (!reachesEof) throw new UnreadableVideoError(`caixa ${type} passa do fim de ${where}`)
      boxEnd = end
    }
    const path = [...parents, type]
    if (isMetadata(type, inFragment)) {
      const header = Buffer.from(head.subarray(0, headerSize))
      header.write("free", 4, "latin1")
      edits.push({ path: path.join("/"), start: offset, end: boxEnd, header })
    } else if (containers.has(type)) {
      const childInFragment = inFragment || fragments.has(type)
      await walk(reader, offset + headerSize, boxEnd, path, childInFragment, edits)
    }
    offset = boxEnd
  }
}
