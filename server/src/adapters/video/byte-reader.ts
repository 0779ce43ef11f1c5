import type { FileHandle } from "node:fs/promises"

/** What a walk of a video's structure found it could not follow; nothing has been written then. */
export class UnreadableVideoError extends Error {}

/** A box or element to neutralise: `header` is written at `start`, the rest up to `end` is zeroed. */
export interface Neutralisation {
  /** Where it sat, for logs and tests, e.g. `moov/udta` or `Segment/Tags`. */
  path: string
  start: number
  end: number
  header: Buffer
}

const windowBytes = 64 * 1024

/**
 * Reads a file by small pieces through one handle, a 64 KB window at a time, so walking the
 * headers of a 100 MB video reads a few kilobytes, and reading them one by one stays cheap.
 */
export class ByteReader {
  readonly size: number
  private readonly handle: FileHandle
  private window = Buffer.alloc(0)
  private windowStart = 0

  constructor(handle: FileHandle, size: number) {
    this.handle = handle
    this.size = size
  }

  /** Up to `length` bytes from `offset`; fewer at the end of the file. */
  async bytes(offset: number, length: number): Promise<Buffer> {
    const wanted = Math.max(0, Math.min(length, this.size - offset))
    const inWindow =
      offset >= this.windowStart && offset + wanted <= this.windowStart + this.window.length
    if (!inWindow) {
      const buffer = Buffer.alloc(Math.max(windowBytes, wanted))
      const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, offset)
      this.window = buffer.subarray(0, bytesRead)
      this.windowStart = offset
    }
    const from = offset - this.windowStart
    return this.window.subarray(from, from + wanted)
  }
}

const zeros = Buffer.alloc(windowBytes)

/** Writes the new header and zeroes the payload in place: no byte before or after moves. */
export async function neutralise(handle: FileHandle, edit: Neutralisation): Promise<void> {
  await handle.write(edit.header, 0, edit.header.length, edit.start)
  for (let at = edit.start + edit.header.length; at < edit.end; at += zeros.length) {
    await handle.write(zeros, 0, Math.min(zeros.length, edit.end - at), at)
  }
}
