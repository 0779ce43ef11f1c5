import { createHash } from "node:crypto"
import type { FastifyReply, FastifyRequest } from "fastify"
import { ResponseSerializationError } from "fastify-type-provider-zod"
import { z } from "zod"

/** An answer checked against its schema and serialised once, to be sent many times as is. */
export interface SerialisedAnswer {
  /** UTF-8 already: a string would be encoded again on every send (16 % of a photo page's CPU). */
  body: Buffer
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
  const body = Buffer.from(JSON.stringify(result.data))
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` }
}

/** Sends a serialised answer as JSON, or 304 to a browser that holds the same one. */
export function sendSerialised(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: SerialisedAnswer,
) {
  reply.header("etag", answer.etag)
  if (request.headers["if-none-match"] === answer.etag) return reply.code(304).send()
  // Bytes with a JSON type are sent as they are, past the route's serialiser.
  return reply.type("application/json; charset=utf-8").send(answer.body)
}
