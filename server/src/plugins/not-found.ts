import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { looksLikeFile } from "../../../src/domain/addresses.ts"

/** The server-rendered pages (modules/pages), when the app is served with them. */
export interface RenderedPages {
  /** Answers with the page's first HTML; false leaves the request to the plain index.html. */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<boolean>
}

export const notFoundMessage = "Recurso não encontrado."

/**
 * Unknown /v1 paths answer JSON; any other GET gets the app's index.html so client routes work
 * on reload, or the page already rendered when the server renders it (modules/pages).
 */
export function registerNotFound(
  app: FastifyInstance,
  options: { spa: boolean; pages?: RenderedPages | null },
) {
  app.setNotFoundHandler(async (request, reply) => {
    const isApi =
      request.url === "/v1" || request.url.startsWith("/v1/") || request.url.startsWith("/v1?")
    if (options.spa && !isApi && (request.method === "GET" || request.method === "HEAD")) {
      if (options.pages && (await options.pages.serve(request, reply))) return reply
      // No page of the app names a file: the app still says so, but with the status it is.
      if (looksLikeFile(request.url)) reply.code(404)
      return reply.header("cache-control", "no-cache").sendFile("index.html")
    }
    return reply.status(404).send({ message: notFoundMessage, code: "not_found" })
  })
}
