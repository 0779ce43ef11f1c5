import { createHash } from "node:crypto"
import { writeFileSync } from "node:fs"
import path from "node:path"
import { Readable } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startLocalS3, startS3Proxy } from "../../../test/local-s3.ts"
import { createS3Storage } from "./s3-storage.ts"
import type { S3RetryPolicy } from "./s3-request.ts"

let s3: Awaited<ReturnType<typeof startLocalS3>>
let proxy: Awaited<ReturnType<typeof startS3Proxy>>

beforeAll(async () => {
  s3 = await startLocalS3()
  proxy = await startS3Proxy(s3.endpoint)
})
afterAll(async () => {
  await proxy.close()
  await s3.close()
})

const storageAt = (endpoint: string, retry?: Partial<S3RetryPolicy>) =>
  createS3Storage({
    endpoint,
    bucket: "media",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    clock: { now: () => new Date() },
    retry,
  })

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString()
}

const megabyte = 1024 * 1024

/** `count` MB made on the fly from four distinct 1 MB blocks, and their MD5 once read through. */
function generatedVideo(count: number) {
  const blocks = [0x11, 0x22, 0x33, 0x44].map((byte) => Buffer.alloc(megabyte, byte))
  const md5 = createHash("md5")
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) {
        const block = blocks[(i * 7) % blocks.length]!
        md5.update(block)
        yield block
      }
    })(),
  )
  return { stream, size: count * megabyte, md5: () => md5.digest("hex") }
}

/** The largest growth of JS heap and Buffer memory over its value before `work`. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  const used = () => {
    const memory = process.memoryUsage()
    return memory.heapUsed + memory.arrayBuffers
  }
  const before = used()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 5)
  try {
    await work()
  } finally {
    clearInterval(sampler)
  }
  return Math.max(peak, used()) - before
}

describe("S3 storage transfers", () => {
  it("streams a 100 MB video to the store without holding it in memory", async () => {
    const storage = storageAt(s3.endpoint)
    const video = generatedVideo(100)

    const putGrowth = await peakGrowth(() => storage.put("stories/big/video.mp4", video))
    expect(putGrowth).toBeLessThan(30 * megabyte)
    expect(await storage.stat("stories/big/video.mp4")).toEqual({
      size: 100 * megabyte,
      contentType: "video/mp4",
    })

    // Read back whole, in order: the same bytes.
    const readBack = createHash("md5")
    for await (const chunk of storage.read("stories/big/video.mp4")) readBack.update(chunk)
    expect(readBack.digest("hex")).toBe(video.md5())
    await storage.delete("stories/big/video.mp4")
  }, 120_000)

  it("copies inside the store (CopyObject): the source's bytes never reach this process", async () => {
    const storage = storageAt(proxy.endpoint)
    await storage.put("p/c1/stories/poster.jpg", Buffer.from("a capa"))
    proxy.seen.length = 0

    await storage.copy("p/c1/stories/poster.jpg", "p/c1/highlights/cover.jpg")
    expect(proxy.seen).toEqual(["PUT /media/p/c1/highlights/cover.jpg"])
    expect(await text(storage.read("p/c1/highlights/cover.jpg"))).toBe("a capa")

    await expect(
      storage.copy("p/c1/stories/missing.jpg", "p/c1/highlights/none.jpg"),
    ).rejects.toThrow(/COPY .* failed: 404/)
    expect(await storage.stat("p/c1/highlights/none.jpg")).toBeNull()
  })

  it("cuts a call that stalls after the timeout and tries again", async () => {
    const storage = storageAt(proxy.endpoint, { timeoutMs: 300, retryDelayMs: 10 })
    proxy.seen.length = 0
    proxy.trouble.stall = 1

    const started = Date.now()
    await storage.put("p/t1/medias/photo.jpg", Buffer.from("enfim"))
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    expect(proxy.seen).toEqual([
      "PUT /media/p/t1/medias/photo.jpg",
      "PUT /media/p/t1/medias/photo.jpg",
    ])
    expect(await text(storage.read("p/t1/medias/photo.jpg"))).toBe("enfim")
  })

  it("reopens a file for a retry, but sends a one-shot stream only once", async () => {
    const storage = storageAt(proxy.endpoint, { timeoutMs: 300, retryDelayMs: 10 })
    const file = path.join(s3.dir, "upload.mp4")
    writeFileSync(file, "o vídeo do disco")

    proxy.trouble.stall = 1
    await storage.put("p/t2/stories/file.mp4", { path: file, size: 17 })
    expect(await text(storage.read("p/t2/stories/file.mp4"))).toBe("o vídeo do disco")

    proxy.seen.length = 0
    proxy.trouble.stall = 1
    const stream = Readable.from([Buffer.from("uma vez só")])
    await expect(storage.put("p/t2/stories/stream.mp4", { stream, size: 11 })).rejects.toThrow(
      "no progress",
    )
    expect(proxy.seen).toEqual(["PUT /media/p/t2/stories/stream.mp4"])
    expect(await storage.stat("p/t2/stories/stream.mp4")).toBeNull()
  })

  it("retries a busy store a bounded number of times, then gives up", async () => {
    const storage = storageAt(proxy.endpoint, { timeoutMs: 300, attempts: 3, retryDelayMs: 10 })
    await storage.put("p/t3/medias/photo.jpg", Buffer.from("ocupado"))

    proxy.seen.length = 0
    proxy.trouble.slowDown = 1
    expect(await text(storage.read("p/t3/medias/photo.jpg"))).toBe("ocupado")
    expect(proxy.seen).toEqual([
      "GET /media/p/t3/medias/photo.jpg",
      "GET /media/p/t3/medias/photo.jpg",
    ])

    proxy.seen.length = 0
    proxy.trouble.slowDown = 5
    await expect(storage.stat("p/t3/medias/photo.jpg")).rejects.toThrow(
      "HEAD p/t3/medias/photo.jpg failed: 503",
    )
    expect(proxy.seen).toHaveLength(3)

    proxy.trouble.slowDown = 0
    proxy.trouble.stall = 5
    await expect(storage.delete("p/t3/medias/photo.jpg")).rejects.toThrow("no progress")
    expect(proxy.trouble.stall).toBe(2)
    proxy.trouble.stall = 0
  })
})
