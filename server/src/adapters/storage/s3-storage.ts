import { PassThrough, Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { ReadableStream as WebReadableStream } from "node:stream/web"
import aws4 from "aws4"
import { createBoundedMemo } from "../../cache/bounded-memo.ts"
import type { Clock } from "../../clock.ts"
import { createS3Requester, type S3RetryPolicy } from "./s3-request.ts"
import { signedUrlsKept } from "./signed-url.ts"
import {
  contentTypeOf,
  isValidKey,
  sharedLinkTtlSeconds,
  sizeOf,
  viewerLinkTimes,
  viewerLinkTtlSeconds,
  type Storage,
} from "./storage.ts"

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
  /** Timeout and retries of each call to the store; sensible defaults. */
  retry?: Partial<S3RetryPolicy>
}

const defaultRetry: S3RetryPolicy = { timeoutMs: 30_000, attempts: 3, retryDelayMs: 250 }

/** Signing time is rounded down so a URL stays identical, and cacheable by a CDN, for a while. */
const signingStepSeconds = 15 * 60

const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")

/** A shared link: signed once per 15-minute step and valid for at least `ttl` from now. */
function sharedTimes(now: number, ttl: number) {
  const signedAt = Math.floor(now / signingStepSeconds) * signingStepSeconds
  // The rounding takes up to one step off the lifetime: add it back.
  return { signedAt, expires: ttl + signingStepSeconds }
}

/** A viewer's link: never valid past `ttl` from now. */
function viewerTimes(now: number, ttl: number) {
  const { signedAt } = viewerLinkTimes(now, ttl)
  return { signedAt, expires: ttl }
}

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
  const bucketPath = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`)
    return `/${options.bucket}/${key}`
  }
  // Path-style addressing works with every compatible service, custom endpoints included.
  const objectPath = (key: string) => `${base.pathname.replace(/\/$/, "")}${bucketPath(key)}`

  const requester = createS3Requester(
    { endpoint: base, region: options.region, credentials },
    { ...defaultRetry, ...options.retry },
  )

  const expectOk = (answer: { status: number; text?: string }, action: string, key: string) => {
    if (answer.status >= 200 && answer.status < 300 && !answer.text?.includes("<Error>")) return
    throw new Error(
      `S3 ${action} ${key} failed: ${answer.status} ${answer.text?.slice(0, 200) ?? ""}`,
    )
  }

  return {
    mediaOrigin: publicBase ? new URL(publicBase).origin : `${base.protocol}//${base.host}`,
    async put(key, body) {
      // A stream goes out in chunks as the connection takes them, its length declared up front.
      const answer = await requester.send({
        method: "PUT",
        path: objectPath(key),
        headers: { "Content-Type": contentTypeOf(key), "Content-Length": String(sizeOf(body)) },
        body,
      })
      expectOk(answer, "PUT", key)
    },
    async copy(from, to) {
      // CopyObject: the store copies the bytes itself.
      const answer = await requester.send({
        method: "PUT",
        path: objectPath(to),
        headers: { "X-Amz-Copy-Source": bucketPath(from) },
      })
      expectOk(answer, "COPY", `${from} -> ${to}`)
    },
    async stat(key) {
      if (!isValidKey(key)) return null
      const answer = await requester.send({ method: "HEAD", path: objectPath(key) })
      if (answer.status === 404) return null
      expectOk(answer, "HEAD", key)
      return {
        size: Number(answer.headers.get("content-length") ?? 0),
        contentType: answer.headers.get("content-type") ?? contentTypeOf(key),
      }
    },
    read(key, range) {
      const headers: Record<string, string> = range
        ? { Range: `bytes=${range.start}-${range.end}` }
        : {}
      const stream = new PassThrough()
      requester
        .open({ method: "GET", path: objectPath(key), headers })
        .then(async (response) => {
          if (!response.ok)
            expectOk({ status: response.status, text: await response.text() }, "GET", key)
          if (!response.body) return void stream.end()
          // Read only as fast as the caller reads: a large object never piles up here.
          await pipeline(Readable.fromWeb(response.body as unknown as WebReadableStream), stream)
        })
        .catch((error: Error) => stream.destroy(error))
      return stream
    },
    async delete(key) {
      const answer = await requester.send({ method: "DELETE", path: objectPath(key) })
      if (answer.status !== 404) expectOk(answer, "DELETE", key)
    },
    url(key, linkOptions) {
      const now = Math.floor(options.clock.now().getTime() / 1000)
      const viewer = linkOptions?.viewer
      // A viewer's link: her id is a signed query parameter (changing it breaks the signature),
      // and it expires within its lifetime, as the disk adapter's do.
      const { signedAt, expires } = viewer
        ? viewerTimes(now, linkOptions?.ttlSeconds ?? viewerLinkTtlSeconds)
        : sharedTimes(now, linkOptions?.ttlSeconds ?? sharedLinkTtlSeconds)
      // The same key, time, lifetime and viewer sign the same URL: a page asks for it on every visit.
      return urls.get(`${signedAt}\n${expires}\n${key}\n${viewer ?? ""}`, () => {
        const viewerParam = viewer ? `&viewer=${encodeURIComponent(viewer)}` : ""
        const query = `X-Amz-Expires=${expires}&X-Amz-Date=${amzDate(new Date(signedAt * 1000))}${viewerParam}`
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
