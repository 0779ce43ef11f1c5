import { createReadStream } from "node:fs"
import type { Readable } from "node:stream"
import { setTimeout as sleep } from "node:timers/promises"
import aws4 from "aws4"
import type { PutBody } from "./storage.ts"

export interface S3Target {
  endpoint: URL
  region: string
  credentials: { accessKeyId: string; secretAccessKey: string }
}

export interface S3RetryPolicy {
  /** An attempt is cut when nothing moves (no byte sent, no answer) for this long. */
  timeoutMs: number
  /** Attempts per call, the first included; a body that cannot be read again gets one. */
  attempts: number
  /** Wait before the second attempt, doubled before each later one. */
  retryDelayMs: number
}

export interface S3Call {
  method: "GET" | "HEAD" | "PUT" | "DELETE"
  /** The object's path, `/{bucket}/{key}` (path-style). */
  path: string
  headers?: Record<string, string>
  body?: PutBody
}

export interface S3Answer {
  status: number
  headers: Headers
  text: string
}

class S3TimeoutError extends Error {}

/** Every one of these calls has the same effect when repeated, so all of them may be retried. */
export function createS3Requester(target: S3Target, policy: S3RetryPolicy) {
  const origin = `${target.endpoint.protocol}//${target.endpoint.host}`

  /** One signed request; the stall timer runs until `finish` has read what it needs. */
  async function attempt<T>(call: S3Call, finish: (response: Response) => Promise<T>): Promise<T> {
    const watchdog = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const touch = () => {
      clearTimeout(timer)
      timer = setTimeout(
        () =>
          watchdog.abort(
            new S3TimeoutError(
              `S3 ${call.method} ${call.path}: no progress for ${policy.timeoutMs} ms`,
            ),
          ),
        policy.timeoutMs,
      )
    }
    const body = requestBody(call.body, touch)
    touch()
    try {
      const signed = aws4.sign(
        {
          host: target.endpoint.host,
          path: call.path,
          method: call.method,
          service: "s3",
          region: target.region,
          headers: { ...call.headers, "X-Amz-Content-Sha256": "UNSIGNED-PAYLOAD" },
        },
        target.credentials,
      )
      // `duplex` lets a stream be the body; the DOM's RequestInit type does not know it yet.
      const init: RequestInit & { duplex: "half" } = {
        method: call.method,
        headers: signed.headers as Record<string, string>,
        body: body?.init,
        duplex: "half",
        signal: watchdog.signal,
      }
      const response = await fetch(`${origin}${signed.path}`, init)
      touch()
      return await finish(response)
    } finally {
      clearTimeout(timer)
      body?.dispose()
    }
  }

  /** Tries `call` until it succeeds, fails for good, or runs out of attempts. */
  async function withRetries<T>(
    call: S3Call,
    finish: (response: Response) => Promise<T>,
    transient: (result: T) => boolean,
    discard: (result: T) => Promise<void> = async () => {},
  ): Promise<T> {
    const replayable = !call.body || Buffer.isBuffer(call.body) || "path" in call.body
    const attempts = replayable ? policy.attempts : 1
    for (let n = 1; ; n++) {
      try {
        const result = await attempt(call, finish)
        if (n >= attempts || !transient(result)) return result
        await discard(result)
      } catch (error) {
        if (n >= attempts) throw error
      }
      await sleep(policy.retryDelayMs * 2 ** (n - 1))
    }
  }

  return {
    /** A call whose answer is small: read whole. */
    send(call: S3Call): Promise<S3Answer> {
      return withRetries(
        call,
        async (response) => ({
          status: response.status,
          headers: response.headers,
          text: await response.text(),
        }),
        // CopyObject may answer 200 and report its failure in the body.
        (answer) => isTransient(answer.status) || answer.text.includes("<Error>"),
      )
    },
    /**
     * A GET whose body the caller streams, at the caller's pace: retried until an answer's headers
     * arrive, the timeout then left to the runtime's own (no byte for minutes).
     */
    open(call: S3Call): Promise<Response> {
      return withRetries(
        call,
        async (response) => response,
        (response) => isTransient(response.status),
        // Dropped so its connection is freed.
        async (response) => response.body?.cancel(),
      )
    },
  }
}

const isTransient = (status: number) => status >= 500 || status === 429

/**
 * The request body: a Buffer as is; a file (opened anew for each attempt) or stream pulled only
 * as fast as the connection takes it, each chunk counting as progress.
 */
function requestBody(body: PutBody | undefined, onChunk: () => void) {
  if (!body) return undefined
  if (Buffer.isBuffer(body))
    return {
      init: new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer>,
      dispose: () => {},
    }
  const stream: Readable = "path" in body ? createReadStream(body.path) : body.stream
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>
  const init = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next()
        if (next.done) return controller.close()
        onChunk()
        controller.enqueue(typeof next.value === "string" ? Buffer.from(next.value) : next.value)
      },
      cancel: () => void stream.destroy(),
    },
    { highWaterMark: 0 },
  )
  return { init, dispose: () => void stream.destroy() }
}
