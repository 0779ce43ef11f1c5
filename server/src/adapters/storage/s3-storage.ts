import { Readable } from "node:stream"
import type { ReadableStream as WebReadableStream } from "node:stream/web"
import aws4 from "aws4"
import { createBoundedMemo } from "../../cache/bounded-memo.ts"
import type { Clock } from "../../clock.ts"
import { signedUrlsKept } from "./signed-url.ts"
import { contentTypeOf, isValidKey, type Storage } from "./storage.ts"

export interface S3StorageOptions {
  /** e.g. https://s3.sa-east-1.amazonaws.com, or a compatible service (MinIO, R2, Spaces). */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  clock: Clock
  /**
   * A CDN in front of the bucket (MEDIA_PUBLIC_URL): URLs name `{publicUrl}/{key}` with the
   * store's own signature, which the CDN passes on to the bucket (origin path `/{bucket}`, the
   * store's Host, the whole query string) and caches by full URL.
   */
  publicUrl?: string
}

const defaultTtlSeconds = 60 * 60
/** Signing time is rounded down so a URL stays identical, and cacheable by a CDN, for a while. */
const signingStepSeconds = 15 * 60

const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")

/**
 * S3-compatible object storage. Browsers fetch media straight from the store, or from a CDN in
 * front of it, through presigned GET URLs, so media bytes never pass through the API process.
 * Requests are signed with SigV4 by `aws4`, which signs synchronously: `url()` stays a plain
 * function as the Storage interface needs.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const base = new URL(options.endpoint)
  const publicBase = options.publicUrl?.replace(/\/+$/, "")
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
  }
  const urls = createBoundedMemo<string>(signedUrlsKept)
  const objectPath = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`)
    // Path-style addressing works with every compatible service, custom endpoints included.
    return `${base.pathname.replace(/\/$/, "")}/${options.bucket}/${key}`
  }

  async function send(
    method: string,
    key: string,
    init: { headers?: Record<string, string>; body?: Buffer } = {},
  ): Promise<Response> {
    const signed = aws4.sign(
      {
        host: base.host,
        path: objectPath(key),
        method,
        service: "s3",
        region: options.region,
        headers: { ...init.headers, "X-Amz-Content-Sha256": "UNSIGNED-PAYLOAD" },
        body: init.body,
      },
      credentials,
    )
    return fetch(`${base.protocol}//${base.host}${signed.path}`, {
      method,
      headers: signed.headers as Record<string, string>,
      body: init.body
        ? (new Uint8Array(
            init.body.buffer,
            init.body.byteOffset,
            init.body.length,
          ) as Uint8Array<ArrayBuffer>)
        : undefined,
    })
  }

  async function expectOk(response: Response, action: string, key: string) {
    if (response.ok) return
    const detail = await response.text().catch(() => "")
    throw new Error(`S3 ${action} ${key} failed: ${response.status} ${detail.slice(0, 200)}`)
  }

  return {
    mediaOrigin: publicBase ? new URL(publicBase).origin : `${base.protocol}//${base.host}`,
    async put(key, data) {
      // Uploads are size-limited before they reach the store (10 MB images, 100 MB videos).
      const body = Buffer.isBuffer(data) ? data : await bufferOf(data)
      const response = await send("PUT", key, {
        headers: { "Content-Type": contentTypeOf(key), "Content-Length": String(body.length) },
        body,
      })
      await expectOk(response, "PUT", key)
    },
    async stat(key) {
      if (!isValidKey(key)) return null
      const response = await send("HEAD", key)
      if (response.status === 404) return null
      await expectOk(response, "HEAD", key)
      return {
        size: Number(response.headers.get("content-length") ?? 0),
        contentType: response.headers.get("content-type") ?? contentTypeOf(key),
      }
    },
    read(key, range) {
      const headers: Record<string, string> = range
        ? { Range: `bytes=${range.start}-${range.end}` }
        : {}
      const stream = new Readable({ read() {} })
      send("GET", key, { headers })
        .then(async (response) => {
          await expectOk(response, "GET", key)
          if (!response.body) return stream.push(null)
          const body = Readable.fromWeb(response.body as unknown as WebReadableStream)
          body.on("data", (chunk: Buffer) => stream.push(chunk))
          body.on("end", () => stream.push(null))
          body.on("error", (error) => stream.destroy(error))
        })
        .catch((error: Error) => stream.destroy(error))
      return stream
    },
    async delete(key) {
      const response = await send("DELETE", key)
      if (response.status !== 404) await expectOk(response, "DELETE", key)
    },
    url(key, urlOptions) {
      const ttl = urlOptions?.ttlSeconds ?? defaultTtlSeconds
      const now = Math.floor(options.clock.now().getTime() / 1000)
      const signedAt = Math.floor(now / signingStepSeconds) * signingStepSeconds
      // The rounding takes up to one step off the lifetime: add it back.
      const expires = ttl + signingStepSeconds
      // The same key, time and lifetime sign the same URL: a page asks for it on every visit.
      return urls.get(`${signedAt}\n${expires}\n${key}`, () => {
        const query = `X-Amz-Expires=${expires}&X-Amz-Date=${amzDate(new Date(signedAt * 1000))}`
        const signed = aws4.sign(
          {
            host: base.host,
            path: `${objectPath(key)}?${query}`,
            method: "GET",
            service: "s3",
            region: options.region,
            signQuery: true,
          },
          credentials,
        )
        const signedPath = signed.path ?? ""
        if (!publicBase) return `${base.protocol}//${base.host}${signedPath}`
        // Signed for the request the CDN makes to the bucket; only the address browsers use changes.
        return `${publicBase}/${key}${signedPath.slice(signedPath.indexOf("?"))}`
      })
    },
  }
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}
