import type { FastifyInstance } from "fastify"
import { refreshCookieName } from "./refresh-cookie.ts"

const authPrefix = "/v1/auth/"

/**
 * Whatever answers a signed-in request is that person's alone: no browser, proxy or CDN keeps
 * it (a shared computer's back button, a misconfigured cache). Signed-in means a bearer token or
 * the refresh cookie; every /v1/auth answer counts too, as it may hand out a token. Anonymous
 * reads (profile, stats) keep whatever caching their route chose.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (
      request.headers.authorization !== undefined ||
      request.cookies[refreshCookieName] !== undefined ||
      request.url.startsWith(authPrefix)
    ) {
      reply.header("cache-control", "no-store")
    }
    done(null, payload)
  })
}
