import type { ImageUse } from "../../../src/domain/images.ts"
import { renderImage } from "../adapters/images/image-pipeline.ts"
import { isImageRef, storageKeysOf } from "../adapters/images/image-ref.ts"
import { imageRefFor, storeRenditions } from "../adapters/images/store-image.ts"
import type { ReprocessRepository } from "./reprocess.repository.ts"
import { baseBeside, readStored, type ReprocessDeps } from "./reprocess-rows.ts"

/** An old file rendered for its use: the renditions, their ref and the base of their keys. */
export interface Rendered {
  image: Awaited<ReturnType<typeof renderImage>>
  ref: string
  base: string
}

/**
 * Renders an old plain file beside itself and swaps it in: renditions are stored first, then the
 * row's conditional update runs; whichever way that goes, only the files nobody shows are deleted.
 */
export function createImageReplacement(deps: ReprocessDeps, repo: ReprocessRepository) {
  const { storage, log } = deps
  const put = (key: string, data: Buffer) => storage.put(key, data)

  /** Renders a stored plain file for `use` beside it; null when it cannot be read as an image. */
  const render = async (
    key: string,
    use: ImageUse,
    base = baseBeside(key),
  ): Promise<Rendered | null> => {
    try {
      const image = await renderImage(await readStored(storage, key), use, "imagem ilegível")
      return { image, ref: imageRefFor(base, image), base }
    } catch (err) {
      log.warn({ err, key }, "imagem antiga não pôde ser reprocessada; fica como está")
      return null
    }
  }

  /** After a replacement: the old files nobody shows any more go. */
  const dropOld = async (keys: Array<string | null>) => {
    for (const key of new Set(keys.filter((k): k is string => !!k && !isImageRef(k)))) {
      if (!(await repo.stillShown(key))) await storage.delete(key)
    }
  }

  /** Stores renditions, runs the conditional update, and cleans up after whichever way it went. */
  const replace = async (
    made: Rendered[],
    update: () => Promise<boolean>,
    oldKeys: Array<string | null>,
  ) => {
    try {
      for (const { image, base } of made) await storeRenditions(put, base, image)
      if (await update()) {
        await dropOld(oldKeys)
        return true
      }
    } catch (err) {
      log.warn({ err }, "não foi possível trocar a imagem antiga")
    }
    await Promise.allSettled(
      made.flatMap(({ ref }) => storageKeysOf(ref)).map((key) => storage.delete(key)),
    )
    return false
  }

  return { render, replace }
}
