import { randomBytes } from "node:crypto"
import { createReadStream } from "node:fs"
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises"
import path from "node:path"
import { pipeline } from "node:stream/promises"
import type { Clock } from "../../clock.ts"
import { createUrlSigner } from "./signed-url.ts"
import { contentTypeOf, isValidKey, sizeOf, type Storage } from "./storage.ts"

/**
 * Writes `file` through a temporary file beside it, renamed into place once complete: a reader
 * sees the old file or the new one, never half of it. The temporary name starts with a dot, which
 * no storage key does, so it is never served.
 */
async function writeAtomically(file: string, write: (temp: string) => Promise<void>) {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString("hex")}.part`,
  )
  try {
    await write(temp)
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/** Files under `dir` (DATA_DIR/media), served by /v1/files through signed, expiring URLs. */
export function createDiskStorage(options: { dir: string; secret: string; clock: Clock }): Storage {
  const signer = createUrlSigner(options.secret, options.clock)
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(options.dir, ...key.split("/"))
  }
  const folderFor = async (key: string) => {
    const file = fileOf(key)
    await mkdir(path.dirname(file), { recursive: true })
    return file
  }
  return {
    async put(key, body) {
      await writeAtomically(await folderFor(key), async (temp) => {
        if (Buffer.isBuffer(body)) return writeFile(temp, body)
        if ("path" in body) await copyFile(body.path, temp)
        else {
          // Opened before the pipeline starts: a stream that fails at once must not leave the
          // write stream to create the file after the clean-up has run.
          const handle = await open(temp, "w")
          await pipeline(body.stream, handle.createWriteStream())
        }
        // As in object storage (Content-Length), a body unlike its declared size fails.
        const written = (await stat(temp)).size
        if (written !== sizeOf(body))
          throw new Error(`storage put ${key}: ${written} bytes, ${sizeOf(body)} declared`)
      })
    },
    async copy(from, to) {
      const source = fileOf(from)
      await writeAtomically(await folderFor(to), (temp) => copyFile(source, temp))
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
    url(key, linkOptions) {
      return signer.url(key, linkOptions ?? {})
    },
    fileServer: {
      verify: (key, exp, sig, viewer) =>
        isValidKey(key) ? signer.verify(key, exp, sig, viewer) : null,
    },
  }
}
