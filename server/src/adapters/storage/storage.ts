import { stat } from "node:fs/promises"
import type { Readable } from "node:stream"

export interface ByteRange {
  start: number
  /** Inclusive. */
  end: number
}

export interface StoredFile {
  size: number
  contentType: string
}

/** A file on disk: read again from its start when an upload must be retried. */
export interface FileBody {
  path: string
  size: number
}

/** A stream, read once: object stores need the length before the bytes. */
export interface StreamBody {
  stream: Readable
  size: number
}

/**
 * What `put` stores: bytes in memory (image renditions), or a file or stream of known size, which
 * reaches the store in chunks (a 100 MB video never sits in memory whole).
 */
export type PutBody = Buffer | FileBody | StreamBody

/** Where media and receipts live: on disk, or in S3-compatible object storage. */
export interface Storage {
  /** All or nothing: a failed put never leaves a partial object at `key`. */
  put(key: string, body: PutBody): Promise<void>
  /** A copy made by the store itself: the bytes do not pass through this process. */
  copy(from: string, to: string): Promise<void>
  stat(key: string): Promise<StoredFile | null>
  read(key: string, range?: ByteRange): Readable
  delete(key: string): Promise<void>
  /**
   * A URL the browser can fetch. Shared (no `viewer`): valid for at least `ttlSeconds`, the same
   * for everyone (default one hour). Bound to `viewer`: her account id is signed into it, and it
   * dies within `ttlSeconds` (default 5 minutes; see `viewerLinkTimes`).
   */
  url(key: string, options?: LinkOptions): string
  /** Origin browsers fetch media from when it is not this app (object storage), for the CSP. */
  mediaOrigin?: string
  /** Present when this app itself serves the files at /v1/files (the disk adapter). */
  fileServer?: SignedFileServer
}

export const sharedLinkTtlSeconds = 60 * 60
export const viewerLinkTtlSeconds = 5 * 60

export interface LinkOptions {
  ttlSeconds?: number
  /** The account the link is for; private media only. */
  viewer?: string
}

export interface SignedFileServer {
  /**
   * Seconds left before the signed URL expires, or null when it is expired or tampered with;
   * `viewer` is the URL's own ("" when it has none).
   */
  verify(key: string, exp: string, sig: string, viewer: string): number | null
}

/**
 * When a viewer's link is signed and when it dies. Signing time moves in steps of a quarter of
 * the lifetime, so the lists fetched within a step give the same URLs (the browser's cached
 * image is reused, nothing reloads), and a link never lives longer than `ttlSeconds`.
 */
export function viewerLinkTimes(nowSeconds: number, ttlSeconds: number) {
  const step = Math.max(1, Math.floor(ttlSeconds / 4))
  const signedAt = Math.floor(nowSeconds / step) * step
  return { signedAt, expiresAt: signedAt + ttlSeconds }
}

const keyPattern = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/

/** Server-chosen keys only: lower-case segments, no `..`, no leading slash. */
export function isValidKey(key: string): boolean {
  return key.length <= 200 && keyPattern.test(key) && !key.includes("..")
}

export const contentTypes: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  mp4: "video/mp4",
  webm: "video/webm",
  pdf: "application/pdf",
}

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1)
  return contentTypes[ext] ?? "application/octet-stream"
}

/**
 * Runs `work` with a `put` that remembers its keys; when `work` fails, the files it stored are
 * removed again, so a refused or failed upload leaves nothing behind in storage.
 */
export async function storedOnlyOnSuccess<T>(
  storage: Storage,
  work: (put: (key: string, body: PutBody) => Promise<void>) => Promise<T>,
): Promise<T> {
  const stored: string[] = []
  try {
    return await work(async (key, body) => {
      stored.push(key)
      await storage.put(key, body)
    })
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)))
    throw error
  }
}

/** The file at `path` as a body for `put`, its size read now. */
export async function fileBody(path: string): Promise<FileBody> {
  return { path, size: (await stat(path)).size }
}

export const sizeOf = (body: PutBody): number => (Buffer.isBuffer(body) ? body.length : body.size)
