import { createReadStream } from "node:fs"
import { mkdir, rm, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { pipeline } from "node:stream/promises"
import { createWriteStream } from "node:fs"
import type { Clock } from "../../clock.ts"
import { createUrlSigner } from "./signed-url.ts"
import { contentTypeOf, isValidKey, type Storage } from "./storage.ts"

const defaultTtlSeconds = 60 * 60

/** Files under `dir` (DATA_DIR/media), served by /v1/files through signed, expiring URLs. */
export function createDiskStorage(options: { dir: string; secret: string; clock: Clock }): Storage {
  const signer = createUrlSigner(options.secret, options.clock)
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(options.dir, ...key.split("/"))
  }
  return {
    async put(key, data) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      if (Buffer.isBuffer(data)) await writeFile(file, data)
      else await pipeline(data, createWriteStream(file))
    },
    async stat(key) {
      if (!isValidKey(key)) return null
      try {
        const info = await stat(fileOf(key))
        return info.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null
      } catch {
        return null
      }
    },
    read(key, range) {
      return createReadStream(
        fileOf(key),
        range ? { start: range.start, end: range.end } : undefined,
      )
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
    url(key, urlOptions) {
      return signer.url(key, urlOptions?.ttlSeconds ?? defaultTtlSeconds)
    },
    fileServer: {
      verify: (key, exp, sig) => (isValidKey(key) ? signer.verify(key, exp, sig) : null),
    },
  }
}
