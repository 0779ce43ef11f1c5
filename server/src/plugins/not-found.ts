import type { FastifyInstance } from "fastify"

export const notFoundMessage = "Recurso não encontrado."

/** Unknown /v1 paths answer JSON; any other GET gets the app's index.html so client routes work on reload. */
export function registerNotFound(app: FastifyInstance, options: { spa: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    const isApi =
      request.url === "/v1" || request.url.startsWith("/v1/") || request.url.startsWith("/v1?")
    if (options.spa && !isApi && (request.method === "GET" || request.method === "HEAD")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html")
    }
    return reply.status(404).send({ message: notFoundMessage, code: "not_found" })
  })
}
