import { Hash } from "@smithy/hash-node"
import { SignatureV4 } from "@smithy/signature-v4"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startLocalS3 } from "../../../test/local-s3.ts"
import { createS3Storage } from "./s3-storage.ts"

// On S3 a viewer's link carries her id as a query parameter inside the SigV4 signature, and the
// store itself refuses it once its short lifetime is over.
let s3: Awaited<ReturnType<typeof startLocalS3>>
beforeAll(async () => {
  s3 = await startLocalS3()
})
afterAll(() => s3.close())

const storageAt = (now: Date) =>
  createS3Storage({
    endpoint: s3.endpoint,
    bucket: "media",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    clock: { now: () => now },
  })

/** The signature the AWS SDK gives the same request, with the given query parameters signed. */
async function sdkSignature(
  url: URL,
  query: Record<string, string>,
  signingDate: Date,
  expiresIn: number,
) {
  const signer = new SignatureV4({
    service: "s3",
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    sha256: Hash.bind(null, "sha256"),
    uriEscapePath: false,
    applyChecksum: false,
  })
  const presigned = await signer.presign(
    {
      method: "GET",
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      headers: { host: url.host, "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
      query,
    },
    {
      signingDate,
      expiresIn,
      unsignableHeaders: new Set(["x-amz-content-sha256"]),
      unhoistableHeaders: new Set(["x-amz-content-sha256"]),
    },
  )
  return presigned.query?.["X-Amz-Signature"]
}

describe("S3 links for one viewer", () => {
  it("sign the viewer's id into the URL: another id makes another signature", async () => {
    const now = new Date("2026-11-23T15:07:10Z")
    const url = new URL(storageAt(now).url("photos/v1/a.png", { ttlSeconds: 300, viewer: "ana-1" }))
    expect(url.searchParams.get("viewer")).toBe("ana-1")
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300")
    // Signed at the start of the current quarter of the lifetime (75 s), so it dies by now + 300 s.
    const signedAt = new Date("2026-11-23T15:06:15Z")
    expect(url.searchParams.get("X-Amz-Date")).toBe("20261123T150615Z")
    const signature = url.searchParams.get("X-Amz-Signature")
    expect(signature).toBe(await sdkSignature(url, { viewer: "ana-1" }, signedAt, 300))
    expect(signature).not.toBe(await sdkSignature(url, { viewer: "bia-2" }, signedAt, 300))
    expect(signature).not.toBe(await sdkSignature(url, {}, signedAt, 300))
  })

  it("work within their lifetime and are refused by the store after it", async () => {
    const storage = storageAt(new Date())
    await storage.put("photos/v2/b.png", Buffer.from("foto"))
    const fresh = storage.url("photos/v2/b.png", { ttlSeconds: 300, viewer: "ana-1" })
    expect((await fetch(fresh)).status).toBe(200)
    const old = storageAt(new Date(Date.now() - 301_000))
    const expired = await fetch(old.url("photos/v2/b.png", { ttlSeconds: 300, viewer: "ana-1" }))
    expect(expired.status).toBe(403)
  })
})
