import { mkdtempSync, rmSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { Readable } from "node:stream"
import { Hash } from "@smithy/hash-node"
import { SignatureV4 } from "@smithy/signature-v4"
import S3rver from "s3rver"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createS3Storage } from "./s3-storage.ts"

// A local S3-compatible server: it stores, serves ranges and refuses expired presigned URLs, but
// does not check SigV4 signatures, so those are compared with the AWS SDK's own signer below.
let server: S3rver
let endpoint = ""
const dir = mkdtempSync(path.join(tmpdir(), "s3rver-"))

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "media", configs: [] }],
  })
  const address = (await server.run()) as AddressInfo
  endpoint = `http://127.0.0.1:${address.port}`
})

afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

const storageAt = (now: Date, secretAccessKey = "S3RVER") =>
  createS3Storage({
    endpoint,
    bucket: "media",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey,
    clock: { now: () => now },
  })

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString()
}

describe("S3 storage", () => {
  it("stores, describes, reads ranges and deletes objects", async () => {
    const storage = storageAt(new Date())
    await storage.put("stories/a1/video.mp4", Buffer.from("0123456789"))
    await storage.put("photos/a1/one.jpg", Readable.from([Buffer.from("jpeg"), Buffer.from("!")]))

    expect(await storage.stat("stories/a1/video.mp4")).toEqual({
      size: 10,
      contentType: "video/mp4",
    })
    expect(await text(storage.read("stories/a1/video.mp4", { start: 2, end: 5 }))).toBe("2345")
    expect(await text(storage.read("photos/a1/one.jpg"))).toBe("jpeg!")

    await storage.delete("stories/a1/video.mp4")
    expect(await storage.stat("stories/a1/video.mp4")).toBeNull()
    await storage.delete("stories/a1/video.mp4")
  })

  it("gives browsers presigned URLs the store itself serves, stable for a while", async () => {
    const now = new Date()
    const storage = storageAt(now)
    await storage.put("photos/a2/two.png", Buffer.from("png bytes"))

    const url = storage.url("photos/a2/two.png", { ttlSeconds: 60 })
    expect(url.startsWith(`${endpoint}/media/photos/a2/two.png?`)).toBe(true)
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("png bytes")

    const aMinuteLater = storageAt(new Date(now.getTime() + 1000)).url("photos/a2/two.png", {
      ttlSeconds: 60,
    })
    expect(aMinuteLater).toBe(url)
  })

  it("refuses expired URLs", async () => {
    const storage = storageAt(new Date())
    await storage.put("photos/a3/three.png", Buffer.from("secret"))
    const old = storageAt(new Date(Date.now() - 3 * 60 * 60 * 1000))
    const expired = await fetch(old.url("photos/a3/three.png", { ttlSeconds: 60 }))
    expect(expired.status).toBe(403)
  })

  it("signs presigned URLs exactly as the AWS SDK signer does", async () => {
    const now = new Date("2026-11-23T15:07:00Z")
    const url = new URL(storageAt(now).url("photos/a4/four.png", { ttlSeconds: 600 }))
    const signer = new SignatureV4({
      service: "s3",
      region: "us-east-1",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      sha256: Hash.bind(null, "sha256"),
      uriEscapePath: false,
      applyChecksum: false,
    })
    const expected = await signer.presign(
      {
        method: "GET",
        protocol: url.protocol,
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        // As @aws-sdk/s3-request-presigner does: an unsigned payload, the header itself unsigned.
        headers: { host: url.host, "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
        query: {},
      },
      {
        signingDate: new Date("2026-11-23T15:00:00Z"),
        expiresIn: 600 + 15 * 60,
        unsignableHeaders: new Set(["x-amz-content-sha256"]),
        unhoistableHeaders: new Set(["x-amz-content-sha256"]),
      },
    )
    expect(url.searchParams.get("X-Amz-Date")).toBe("20261123T150000Z")
    expect(url.searchParams.get("X-Amz-Signature")).toBe(expected.query?.["X-Amz-Signature"])
    expect(url.searchParams.get("X-Amz-Credential")).toBe(expected.query?.["X-Amz-Credential"])

    const other = new URL(storageAt(now, "another-secret").url("photos/a4/four.png"))
    expect(other.searchParams.get("X-Amz-Signature")).not.toBe(
      url.searchParams.get("X-Amz-Signature"),
    )
  })

  it("never accepts a key the server did not choose", async () => {
    const storage = storageAt(new Date())
    await expect(storage.put("../etc/passwd", Buffer.from("x"))).rejects.toThrow(/invalid/)
    expect(await storage.stat("../etc/passwd")).toBeNull()
  })
})
