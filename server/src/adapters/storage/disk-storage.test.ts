import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { Readable } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { systemClock } from "../../clock.ts"
import { createDiskStorage } from "./disk-storage.ts"
import type { Storage } from "./storage.ts"

let dir: string
let storage: Storage

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "disk-storage-"))
  storage = createDiskStorage({ dir, secret: "s".repeat(32), clock: systemClock })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** A stream that sends some bytes, then fails, as a dropped upload does. */
const failingStream = () =>
  Readable.from(
    (async function* () {
      yield Buffer.from("metade do vídeo")
      throw new Error("conexão perdida")
    })(),
  )

const filesIn = (folder: string) => readdir(path.join(dir, folder))

describe("disk storage", () => {
  it("stores a Buffer, a file and a stream of known size", async () => {
    const source = path.join(dir, "upload")
    await writeFile(source, "do arquivo")
    await storage.put("p/a/one.jpg", Buffer.from("da memória"))
    await storage.put("p/a/two.mp4", { path: source, size: 10 })
    await storage.put("p/a/three.mp4", {
      stream: Readable.from([Buffer.from("do fluxo")]),
      size: 8,
    })

    expect(await readFile(path.join(dir, "p/a/one.jpg"), "utf8")).toBe("da memória")
    expect(await readFile(path.join(dir, "p/a/two.mp4"), "utf8")).toBe("do arquivo")
    expect(await readFile(path.join(dir, "p/a/three.mp4"), "utf8")).toBe("do fluxo")
    expect((await filesIn("p/a")).sort()).toEqual(["one.jpg", "three.mp4", "two.mp4"])
  })

  it("a stream that fails leaves no file at the key, and no partial file beside it", async () => {
    await expect(
      storage.put("p/b/video.mp4", { stream: failingStream(), size: 1000 }),
    ).rejects.toThrow("conexão perdida")
    expect(await storage.stat("p/b/video.mp4")).toBeNull()
    expect(await filesIn("p/b")).toEqual([])
  })

  it("a stream that fails over an existing file leaves the old file whole", async () => {
    await storage.put("p/c/video.mp4", Buffer.from("o vídeo anterior"))
    await expect(
      storage.put("p/c/video.mp4", { stream: failingStream(), size: 1000 }),
    ).rejects.toThrow("conexão perdida")
    expect(await readFile(path.join(dir, "p/c/video.mp4"), "utf8")).toBe("o vídeo anterior")
    expect(await filesIn("p/c")).toEqual(["video.mp4"])
  })

  it("refuses a stream shorter than its declared size, as object storage does", async () => {
    await expect(
      storage.put("p/d/video.mp4", { stream: Readable.from([Buffer.from("curto")]), size: 100 }),
    ).rejects.toThrow("5 bytes, 100 declared")
    expect(await storage.stat("p/d/video.mp4")).toBeNull()
    expect(await filesIn("p/d")).toEqual([])
  })

  it("copies a file to a new key; a missing source copies nothing", async () => {
    await storage.put("p/e/cover.jpg", Buffer.from("capa"))
    await storage.copy("p/e/cover.jpg", "p/e/highlights/copy.jpg")
    expect(await readFile(path.join(dir, "p/e/highlights/copy.jpg"), "utf8")).toBe("capa")
    // The copy is its own file: deleting the source keeps it.
    await storage.delete("p/e/cover.jpg")
    expect(await storage.stat("p/e/highlights/copy.jpg")).toMatchObject({ size: 4 })

    await expect(storage.copy("p/e/missing.jpg", "p/e/highlights/none.jpg")).rejects.toThrow()
    expect(await filesIn("p/e/highlights")).toEqual(["copy.jpg"])
  })
})
