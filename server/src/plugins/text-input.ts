import type { FastifyInstance } from "fastify"
import { BadRequestError } from "../errors.ts"

export const invalidCharacterMessage = "Requisição inválida: caractere não permitido."

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000")
  if (depth > 20 || value === null || typeof value !== "object" || Buffer.isBuffer(value))
    return false
  return Object.entries(value).some(
    ([key, inner]) => key.includes("\u0000") || hasNul(inner, depth + 1),
  )
}

/**
 * PostgreSQL text cannot hold U+0000, so a path, query or body carrying one would fail deep in
 * a query as a 500: it is refused at the door instead. Multipart fields, read inside the
 * handlers, are covered by the error handler.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  // A callback hook: every request passes here, and a promise each would cost them all.
  app.addHook("preValidation", (request, _reply, done) => {
    // The path and query reach here only percent-encoded (Node refuses a raw NUL in the request
    // line): one search of the URL covers every parameter they decode to.
    if (request.url.includes("%00") || hasNul(request.body))
      done(new BadRequestError(invalidCharacterMessage, "invalid_character"))
    else done()
  })
}
