import { fileTypeFromBuffer } from "file-type"

export const imageTypes = ["jpg", "png", "webp", "avif"] as const
export const videoTypes = ["mp4", "webm"] as const

/** The extension for `data` by its magic bytes, when it is one of `allowed`; the file name is never trusted. */
export async function detectFileType<T extends string>(
  data: Buffer,
  allowed: readonly T[],
): Promise<T | null> {
  const type = await fileTypeFromBuffer(data)
  if (!type) return null
  return (allowed as readonly string[]).includes(type.ext) ? (type.ext as T) : null
}
