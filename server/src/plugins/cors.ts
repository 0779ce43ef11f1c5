import fastifyCors from "@fastify/cors"
import type { FastifyInstance } from "fastify"

/** What the app sends: its JSON, the bearer token, the anti-forgery echo and payment keys. */
export const corsAllowedHeaders = [
  "Accept",
  "Authorization",
  "Content-Type",
  "Idempotency-Key",
  "X-XSRF-TOKEN",
]

/**
 * Lets pages of the listed origins (exact matches) call the API with their cookies, for an app
 * served from another host than the API. Any other origin gets no CORS header at all, so the
 * browser keeps its answers from that page; with no origins listed nothing is registered and
 * only the API's own origin may read it. No response header is exposed beyond the safelisted.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return
  const allowed = new Set(origins)
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: corsAllowedHeaders,
    maxAge: 600,
  })
}
