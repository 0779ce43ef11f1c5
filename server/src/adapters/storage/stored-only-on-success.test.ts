import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { systemClock } from "../../clock.ts"
import { createDiskStorage } from "./disk-storage.ts"
import { storedOnlyOnSuccess, type Storage } from "./storage.ts"

let dir: string
let storage: Storage

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "stored-only-"))
  storage = createDiskStorage({ dir, secret: "s".repeat(32), clock: systemClock })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe("storedOnlyOnSuccess", () => {
  it("keeps the files of work that succeeds", async () => {
    const result = await storedOnlyOnSuccess(storage, async (put) => {
      await put("p/a/medias/ok.jpg", Buffer.from("foto"))
      await put("p/a/medias/ok-thumb.jpg", Buffer.from("mini"))
      return "publicada"
    })
    expect(result).toBe("publicada")
    expect(await storage.stat("p/a/medias/ok.jpg")).toMatchObject({ size: 4 })
    expect(await storage.stat("p/a/medias/ok-thumb.jpg")).toMatchObject({ size: 4 })
  })

  it("removes every file stored by work that then fails, and rethrows its error", async () => {
    const failure = new Error("o banco recusou a linha")
    await expect(
      storedOnlyOnSuccess(storage, async (put) => {
        await put("p/a/medias/falha.jpg", Buffer.from("foto"))
        await put("p/a/medias/falha-thumb.webp", Buffer.from("mini"))
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(await storage.stat("p/a/medias/falha.jpg")).toBeNull()
    expect(await storage.stat("p/a/medias/falha-thumb.webp")).toBeNull()
    // Files stored before, by other work, stay.
    expect(await storage.stat("p/a/medias/ok.jpg")).not.toBeNull()
  })
})
