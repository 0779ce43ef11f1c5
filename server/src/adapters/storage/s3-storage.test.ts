import { mkdtempSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { Readable } from "node:stream"
import { Hash } from "@smithy/hash-node"
import { SignatureV4 } from "@smithy/signature-v4"
import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { systemClock } from "../../clock.ts"
import { loadEnv } from "../../env.ts"
import { startLocalS3 } from "../../../test/local-s3.ts"
import { createTestApp, fakeVideo, type TestApp } from "../../../test/test-app.ts"
import { buildAdapters } from "../build-adapters.ts"
import { createS3Storage } from "./s3-storage.ts"

// The local store does not check SigV4 signatures, so those are compared with the AWS SDK's own
// signer below.
let s3: Awaited<ReturnType<typeof startLocalS3>>
let endpoint = ""
let dir = ""

beforeAll(async () => {
  s3 = await startLocalS3()
  endpoint = s3.endpoint
  dir = s3.dir
})

afterAll(() => s3.close())

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
    await storage.put("photos/a1/one.jpg", {
      stream: Readable.from([Buffer.from("jpeg"), Buffer.from("!")]),
      size: 5,
    })

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
    // The start of the current 15-minute signing step: "now + a minute" must not cross into
    // the next step, which signs a new URL.
    const step = 15 * 60 * 1000
    const stepStart = Math.floor(Date.now() / step) * step
    const storage = storageAt(new Date(stepStart))
    await storage.put("photos/a2/two.png", Buffer.from("png bytes"))

    const url = storage.url("photos/a2/two.png", { ttlSeconds: 60 })
    expect(url.startsWith(`${endpoint}/media/photos/a2/two.png?`)).toBe(true)
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("png bytes")

    const urlAt = (ms: number) =>
      storageAt(new Date(stepStart + ms)).url("photos/a2/two.png", { ttlSeconds: 60 })
    expect(urlAt(60 * 1000)).toBe(url)
    expect(urlAt(step - 1000)).toBe(url)
    expect(urlAt(step)).not.toBe(url)
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

describe("S3 storage behind a CDN (MEDIA_PUBLIC_URL)", () => {
  // The CDN as deployed: origin = the store, origin path = /{bucket}, the store's Host, the
  // whole query string forwarded. It counts what it forwards.
  let cdn: Server
  let cdnUrl = ""
  const forwarded: string[] = []
  let t: TestApp | undefined

  beforeAll(async () => {
    cdn = createServer((req, res) => {
      // Its `/midia/` path is the bucket's root.
      const key = (req.url ?? "").replace(/^\/midia\//, "/")
      forwarded.push(key)
      fetch(`${endpoint}/media${key}`, {
        headers: req.headers.range ? { range: req.headers.range } : {},
      })
        .then(async (upstream) => {
          res.writeHead(upstream.status, {
            "content-type": upstream.headers.get("content-type") ?? "application/octet-stream",
          })
          res.end(Buffer.from(await upstream.arrayBuffer()))
        })
        .catch(() => res.writeHead(502).end())
    })
    await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve))
    cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/midia`
  })
  afterAll(async () => {
    await t?.close()
    await new Promise((resolve) => cdn.close(resolve))
  })

  const cdnStorageAt = (now: Date) =>
    createS3Storage({
      endpoint,
      bucket: "media",
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      clock: { now: () => now },
      publicUrl: `${cdnUrl}/`,
    })

  it("names the CDN with the store's own signature, and the CDN serves the object", async () => {
    const now = new Date()
    const storage = cdnStorageAt(now)
    await storage.put("photos/c1/um.png", Buffer.from("pela cdn"))

    const url = new URL(storage.url("photos/c1/um.png", { ttlSeconds: 60 }))
    const direct = new URL(storageAt(now).url("photos/c1/um.png", { ttlSeconds: 60 }))
    expect(`${url.origin}${url.pathname}`).toBe(`${cdnUrl}/photos/c1/um.png`)
    // Signed for the request the CDN makes to the bucket: the very same query string.
    expect(url.search).toBe(direct.search)
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/)
    expect(storage.mediaOrigin).toBe(new URL(cdnUrl).origin)

    const before = forwarded.length
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("pela cdn")
    expect(forwarded.slice(before)).toEqual([`/photos/c1/um.png${url.search}`])
  })

  it("an expired URL is refused through the CDN too", async () => {
    const storage = cdnStorageAt(new Date())
    await storage.put("photos/c2/dois.png", Buffer.from("vencida"))
    const old = cdnStorageAt(new Date(Date.now() - 3 * 60 * 60 * 1000))
    expect((await fetch(old.url("photos/c2/dois.png", { ttlSeconds: 60 }))).status).toBe(403)
  })

  it("is what the environment builds, and only with a bucket", () => {
    const source = {
      DATA_DIR: dir,
      JWT_SECRET: "j".repeat(40),
      MEDIA_SIGNING_SECRET: "m".repeat(40),
      S3_BUCKET: "media",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      MEDIA_PUBLIC_URL: cdnUrl,
    }
    const { storage } = buildAdapters(loadEnv(source), systemClock, pino({ level: "silent" }))
    expect(
      storage.url("photos/c3/tres.png").startsWith(`${cdnUrl}/photos/c3/tres.png?X-Amz-`),
    ).toBe(true)
    expect(storage.fileServer).toBeUndefined()
    expect(() => loadEnv({ DATA_DIR: dir, MEDIA_PUBLIC_URL: cdnUrl })).toThrow(
      "MEDIA_PUBLIC_URL: só vale com S3_BUCKET",
    )
    expect(() => loadEnv({ ...source, MEDIA_PUBLIC_URL: `${cdnUrl}?x=1` })).toThrow(
      "MEDIA_PUBLIC_URL: deve ser um endereço http(s) sem ? nem #",
    )
  })

  it("the app hands out CDN URLs, allows the CDN in its CSP and serves no media itself", async () => {
    // The app's page is where the CSP lets media in; JSON answers carry a policy of their own.
    const distDir = mkdtempSync(path.join(dir, "dist-"))
    writeFileSync(path.join(distDir, "index.html"), '<!doctype html><html lang="pt-BR"></html>')
    t = await createTestApp({ storage: cdnStorageAt(new Date()), config: { distDir } })
    const creator = await t.createCreator()
    const story = await t.createStory(creator.profileId)
    const list = await t.inject({ url: "/v1/studio/stories", token: creator.token })
    expect(list.statusCode).toBe(200)
    const { src } = (list.json() as { stories: Array<{ src: string }> }).stories[0]!
    expect(src.startsWith(`${cdnUrl}/${story.fileKey}?`)).toBe(true)
    const video = await fetch(src)
    expect(video.status).toBe(200)
    expect(Buffer.from(await video.arrayBuffer()).equals(fakeVideo)).toBe(true)

    const page = await t.inject({ url: `/${creator.username}` })
    expect(String(page.headers["content-security-policy"])).toMatch(
      new RegExp(`media-src [^;]*${new URL(cdnUrl).origin}`),
    )
    const throughApi = await t.inject({ url: `/v1/files/${story.fileKey}?exp=1&sig=x` })
    expect(throughApi.statusCode).toBe(404)
  })
})
