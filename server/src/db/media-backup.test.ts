import { createHash } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { backupMedia, mediaArchiveOf, restoreMedia } from "./media-backup.ts"

const root = mkdtempSync(path.join(tmpdir(), "closer-media-backup-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Every file under `dir` with a hash of its bytes. */
async function contents(dir: string) {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) =>
    e.isFile(),
  )
  const entries = await Promise.all(
    files.map(async (e) => {
      const file = path.join(e.parentPath, e.name)
      const hash = createHash("sha256")
        .update(await readFile(file))
        .digest("hex")
      return [path.relative(dir, file), hash] as const
    }),
  )
  return Object.fromEntries(entries.sort())
}

describe("media backup", () => {
  it("names the archive after the database backup it goes with", () => {
    expect(mediaArchiveOf("backups/closer-1.dump")).toBe("backups/closer-1.media.tar.gz")
    expect(mediaArchiveOf("backups/closer-1.tar.gz")).toBe("backups/closer-1.media.tar.gz")
  })

  it("round-trips the media folder, keeping the one it replaces beside it", async () => {
    const media = path.join(root, "data", "media")
    await mkdir(path.join(media, "p", "perfil-1"), { recursive: true })
    await writeFile(path.join(media, "p", "perfil-1", "story.mp4"), Buffer.alloc(70_000, 7))
    await writeFile(path.join(media, "p", "perfil-1", "foto-640.avif"), "avif")
    await mkdir(path.join(media, "receipts"), { recursive: true })
    await writeFile(path.join(media, "receipts", "r.clean.png"), "png")
    const before = await contents(media)
    const archive = path.join(root, "backups", "closer.media.tar.gz")
    await backupMedia(media, archive)

    // After the backup: a story deleted, a photo changed, a new upload.
    await rm(path.join(media, "p", "perfil-1", "story.mp4"))
    await writeFile(path.join(media, "p", "perfil-1", "foto-640.avif"), "outra")
    await writeFile(path.join(media, "novo.jpg"), "jpg")
    const damaged = await contents(media)

    const kept = await restoreMedia(media, archive)
    expect(await contents(media)).toEqual(before)
    expect(kept).not.toBeNull()
    expect(await contents(kept!)).toEqual(damaged)
  })

  it("leaves the media folder as it was when the archive is not one", async () => {
    const media = path.join(root, "other", "media")
    await mkdir(media, { recursive: true })
    await writeFile(path.join(media, "a.jpg"), "a")
    const broken = path.join(root, "broken.media.tar.gz")
    await writeFile(broken, "not a tar")
    await expect(restoreMedia(media, broken)).rejects.toThrow(/tar/)
    expect(await readFile(path.join(media, "a.jpg"), "utf8")).toBe("a")
    expect(await readdir(path.dirname(media))).toEqual(["media"])
  })
})
