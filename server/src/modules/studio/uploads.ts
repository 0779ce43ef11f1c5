import { createWriteStream } from "node:fs"
import { mkdtemp, open, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { pipeline } from "node:stream/promises"
import type { FastifyRequest } from "fastify"
import { fileTypeFromBuffer } from "file-type"
import {
  IMAGE_MAX_BYTES,
  VIDEO_MAX_BYTES,
  imageTooLargeMessage,
  videoTooLargeMessage,
} from "../../../../src/domain/studio.ts"
import { imageTypes, videoTypes } from "../../adapters/storage/file-types.ts"
import { AppError, BadRequestError, ValidationError } from "../../errors.ts"
import { invalidCharacterMessage } from "../../plugins/text-input.ts"
import { noFileMessage } from "../../shared/creator-files.ts"

export type UploadKind = "image" | "video"

export interface ReceivedUpload {
  /** A temporary file holding the upload; removed by `cleanup`. */
  path: string
  size: number
  kind: UploadKind
  /** Extension by magic bytes: jpg, png, webp, avif, mp4, webm. */
  ext: string
  /** Text fields sent beside the file, in any order. */
  fields: Record<string, string>
  cleanup(): Promise<void>
}

const tooLarge = (kind: UploadKind) =>
  new AppError(
    413,
    kind === "video" ? videoTooLargeMessage : imageTooLargeMessage,
    "file_too_large",
    "file",
  )

async function sniff(file: string): Promise<{ kind: UploadKind; ext: string } | null> {
  const handle = await open(file, "r")
  try {
    const head = Buffer.alloc(4100)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    const type = await fileTypeFromBuffer(head.subarray(0, bytesRead))
    if (!type) return null
    if ((imageTypes as readonly string[]).includes(type.ext))
      return { kind: "image", ext: type.ext }
    if ((videoTypes as readonly string[]).includes(type.ext))
      return { kind: "video", ext: type.ext }
    return null
  } finally {
    await handle.close()
  }
}

/**
 * Streams the multipart field `file` to a temporary file (a 100 MB video never sits in memory),
 * then decides its type by magic bytes, never by its name or declared type, and applies the
 * size limit of that type. Text fields holding a NUL character are refused here.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { accept: readonly UploadKind[]; typeMessage: string },
): Promise<ReceivedUpload> {
  const maxBytes = options.accept.includes("video") ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES
  const dir = await mkdtemp(path.join(tmpdir(), "closer-upload-"))
  const cleanup = () => rm(dir, { recursive: true, force: true })
  const fields: Record<string, string> = {}
  const target = path.join(dir, "upload")
  let received = false
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === "field") {
        // PostgreSQL text cannot hold U+0000: refused here, before the file reaches storage,
        // not by the insert after it (which would leave the stored file behind).
        if (part.fieldname.includes("\u0000") || String(part.value).includes("\u0000"))
          throw new BadRequestError(invalidCharacterMessage, "invalid_character", part.fieldname)
        if (typeof part.value === "string") fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== "file") {
        part.file.resume()
        continue
      }
      await pipeline(part.file, createWriteStream(target))
      if (part.file.truncated) throw tooLarge(options.accept.includes("video") ? "video" : "image")
      received = true
    }
    if (!received) throw new BadRequestError(noFileMessage, "no_file", "file")
    const type = await sniff(target)
    if (!type || !options.accept.includes(type.kind)) {
      throw new ValidationError(options.typeMessage, "invalid_file_type", "file")
    }
    const { size } = await stat(target)
    if (type.kind === "image" && size > IMAGE_MAX_BYTES) throw tooLarge("image")
    return { path: target, size, ...type, fields, cleanup }
  } catch (error) {
    await cleanup()
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw tooLarge(options.accept.includes("video") ? "video" : "image")
    }
    throw error
  }
}
