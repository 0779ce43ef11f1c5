import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, rename, rm } from "node:fs/promises"
import path from "node:path"

/** The media archive written beside a database backup: `x.dump` or `x.tar.gz` -> `x.media.tar.gz`. */
export function mediaArchiveOf(databaseFile: string) {
  return databaseFile.replace(/(\.tar\.gz|\.dump)?$/, ".media.tar.gz")
}

function tar(args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", "inherit", "inherit"] })
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`tar terminou com código ${code}`)),
    )
  })
}

/**
 * The disk storage's folder (DATA_DIR/media: stories, photos, receipts) as a gzipped tar in
 * `file`; an empty archive when there is no folder yet.
 */
export async function backupMedia(mediaDir: string, file: string) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true })
  if (!existsSync(mediaDir)) await mkdir(mediaDir, { recursive: true })
  await tar(["-czf", path.resolve(file), "-C", path.resolve(mediaDir), "."])
}

/**
 * Puts the media folder back as it was in `file`. The current one is kept beside it
 * (`<dir>.antes-<time>`) until you remove it, and put back if the archive cannot be read.
 */
export async function restoreMedia(mediaDir: string, file: string) {
  if (!existsSync(file)) throw new Error(`Arquivo não encontrado: ${file}`)
  const kept = existsSync(mediaDir)
    ? `${mediaDir}.antes-${new Date().toISOString().replaceAll(":", "-")}`
    : null
  if (kept) await rename(mediaDir, kept)
  try {
    await mkdir(mediaDir, { recursive: true })
    await tar(["-xzf", path.resolve(file), "-C", path.resolve(mediaDir)])
  } catch (error) {
    await rm(mediaDir, { recursive: true, force: true })
    if (kept) await rename(kept, mediaDir)
    throw error
  }
  return kept
}
