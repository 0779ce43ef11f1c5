import type { ImageUse } from "../../../../src/domain/images.ts"
import type { Storage } from "../storage/storage.ts"
import { encodeImageRef, renditionKey, storageKeysOf } from "./image-ref.ts"
import { renderImage, type ImageInput, type RenderedImage } from "./image-pipeline.ts"

/** Stores one file; renditions are always whole buffers. */
type Put = (key: string, data: Buffer) => Promise<void>

/** The ref naming `image`'s renditions once they are stored under `base`. */
export function imageRefFor(base: string, image: RenderedImage) {
  const widest = image.renditions.at(-1)!
  return encodeImageRef({
    base,
    width: widest.width,
    height: widest.height,
    widths: image.renditions.map((rendition) => rendition.width),
  })
}

/** Writes every rendition under `base` and returns the image ref that names them. */
export async function storeRenditions(put: Put, base: string, image: RenderedImage) {
  for (const rendition of image.renditions) {
    await Promise.all([
      put(renditionKey({ base }, rendition.width, "avif"), rendition.avif),
      put(renditionKey({ base }, rendition.width, "webp"), rendition.webp),
      put(renditionKey({ base }, rendition.width, "jpg"), rendition.jpeg),
    ])
  }
  return imageRefFor(base, image)
}

/** Renders `input` for `use` and stores it under `base`: the ref, and the source's upright size. */
export async function storeImage(
  put: Put,
  input: ImageInput,
  options: { use: ImageUse; base: string; typeMessage: string },
) {
  const image = await renderImage(input, options.use, options.typeMessage)
  return { ref: await storeRenditions(put, options.base, image), source: image.source }
}

/** Deletes every file of a ref (or the plain key); a missing file is no error. */
export async function deleteImage(storage: Storage, value: string | null | undefined) {
  if (!value) return
  await Promise.all(storageKeysOf(value).map((key) => storage.delete(key)))
}

/** Whether every file of the ref (or the plain key) is in storage. */
export async function imageExists(storage: Storage, value: string) {
  const keys = storageKeysOf(value)
  if (keys.length === 0) return false
  const found = await Promise.all(keys.map((key) => storage.stat(key)))
  return found.every(Boolean)
}
