import { open } from "node:fs/promises"
import { ByteReader, neutralise, UnreadableVideoError } from "./byte-reader.ts"
import { looksLikeIsoBmff, planIsoBmff } from "./iso-bmff-metadata.ts"
import { looksLikeMatroska, planMatroska } from "./matroska-metadata.ts"

export type VideoContainer = "iso-bmff" | "matroska"

export type StripOutcome =
  /** `removed` names each box or element now blank, e.g. `moov/udta`, `Segment/Tags`. */
  | { status: "stripped"; container: VideoContainer; removed: string[] }
  /** The file was left exactly as it was. */
  | { status: "unreadable"; reason: string }

/**
 * Blanks a video's metadata (the place it was recorded, the phone, the date) where it lies,
 * without re-encoding: each metadata box of an MP4/MOV becomes a `free` box and each metadata
 * element of a WebM a `Void` element of the same length, its content zeroed. Nothing moves, so
 * the file plays as before. Only headers are read, so a 100 MB upload costs a few reads.
 * A file whose structure cannot be followed is left untouched and reported unreadable.
 */
export async function stripVideoMetadata(file: string): Promise<StripOutcome> {
  const handle = await open(file, "r+")
  try {
    const reader = new ByteReader(handle, (await handle.stat()).size)
    const head = await reader.bytes(0, 8)
    const container: VideoContainer | null = looksLikeMatroska(head)
      ? "matroska"
      : looksLikeIsoBmff(head)
        ? "iso-bmff"
        : null
    if (!container) return { status: "unreadable", reason: "nem MP4/MOV nem WebM/Matroska" }
    let edits
    try {
      edits = await (container === "matroska" ? planMatroska(reader) : planIsoBmff(reader))
    } catch (error) {
      if (error instanceof UnreadableVideoError)
        return { status: "unreadable", reason: error.message }
      throw error
    }
    for (const edit of edits) await neutralise(handle, edit)
    return { status: "stripped", container, removed: edits.map((edit) => edit.path) }
  } finally {
    await handle.close()
  }
}
