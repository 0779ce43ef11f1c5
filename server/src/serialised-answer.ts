import { createHash } from "node:crypto"
import type { FastifyReply, FastifyRequest } from "fastify"
import { ResponseSerializationError } from "fastify-type-provider-zod"
import { z } from "zod"

/** Answers up to this long that are plain ASCII are kept as strings (see `body`). */
const shortAnswerChars = 1024

/** An answer checked against its schema and serialised once, to be sent many times as is. */
export interface SerialisedAnswer {
  /**
   * A short ASCII answer (a creator's counts) stays a string: Node writes it in one piece with
   * the headers, where a Buffer goes out as a second chunk of a writev (about 10 % of a cached
   * read's CPU). Longer ones are UTF-8 already: a string would be encoded again on every send
   * (16 % of a photo page's CPU).
   */
  body: string | Buffer
  etag: string
}

/**
 * What the route's zod serialiser does per request (encode with the schema, then
 * JSON.stringify), done once: cached public reads send the same bytes to every visitor.
 */
export function serialise<T extends z.ZodType>(
  schema: T,
  value: z.output<T>,
  route: string,
): SerialisedAnswer {
  const result = z.safeEncode(schema, value)
  if (result.error) throw new ResponseSerializationError("GET", route, { cause: result.error })
  const text = JSON.stringify(result.data)
  const bytes = Buffer.from(text)
  const short = bytes.length === text.length && text.length <= shortAnswerChars
  return {
    body: short ? text : bytes,
    etag: `"${createHash("sha1").update(bytes).digest("base64url")}"`,
  }
}

/** Sends a serialised answer as JSON, or 304 to a browser that holds the same one. */
export function sendSerialised(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerialisedAnswer,
) {
  reply.header("etag", answer.etag)
  if (request.headers["if-none-match"] === answer.etag) return reply.code(304).send()
  // Sent as it is, past the route's serialiser: a JSON type with its charset tells Fastify so.
  return reply.type("application/json; charset=utf-8").send(answer.body)
}

/**
 * Sends an answer kept in memory at once, in the handler's own call: no promise and no
 * microtask between the request and its bytes. One still loading is sent when it arrives.
 * The handler returns what this returns (nothing once sent, or the promise).
 */
export function sendSerialisedNow(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerialisedAnswer | Promise<SerialisedAnswer>,
): Promise<FastifyReply> | undefined {
  if (answer instanceof Promise)
    return answer.then((ready) => sendSerialised(request, reply, ready))
  sendSerialised(request, reply, answer)
  return undefined
}
