import type { FastifyInstance } from "fastify"

/**
 * Fastify refuses `content-type: application/json` with an empty body; clients that always send
 * that header on body-less POSTs (like /medias/:id/like) get `undefined` instead.
 */
export function registerLenientJson(app: FastifyInstance) {
  const strict = app.getDefaultJsonParser("error", "error")
  app.removeContentTypeParser("application/json")
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" || (typeof body === "string" && body.trim() === ""))
      return done(null, undefined)
    strict(request, body.toString(), done)
  })
}
