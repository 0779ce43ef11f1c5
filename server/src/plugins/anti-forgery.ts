import { randomBytes, timingSafeEqual } from "node:crypto"
import type { FastifyInstance } from "fastify"
import { ForbiddenError } from "../errors.ts"

export const xsrfCookieName = "XSRF-TOKEN"
export const xsrfHeaderName = "x-xsrf-token"
export const xsrfRejectedMessage =
  "Não foi possível validar a sua requisição. Recarregue a página e tente novamente."

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"])

/** Providers call these without our cookie; they authenticate with their own signatures. */
export const antiForgeryExemptPrefixes = ["/v1/webhooks/"]

function equal(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Where a browser without the cookie gets one: the app calls it before its first non-GET (a
 * refused non-GET also brings one, for the retry). Not on other reads, so the hot public reads
 * do not mint and serialise a cookie per request.
 */
export const xsrfIssuingPath = "/v1/health"

/** Double-submit cookie: the app reads the cookie and echoes it in a header on every non-GET. */
export function registerAntiForgery(app: FastifyInstance, options: { secureCookie: boolean }) {
  app.addHook("onRequest", async (request, reply) => {
    const cookie = request.cookies[xsrfCookieName]
    const safe = safeMethods.has(request.method)
    if (!cookie && (!safe || request.routeOptions.url === xsrfIssuingPath)) {
      reply.setCookie(xsrfCookieName, randomBytes(32).toString("base64url"), {
        path: "/",
        sameSite: "lax",
        httpOnly: false,
        secure: options.secureCookie,
      })
    }
    if (safe) return
    const path = request.url.split("?")[0] ?? ""
    if (antiForgeryExemptPrefixes.some((prefix) => path.startsWith(prefix))) return
    const header = request.headers[xsrfHeaderName]
    if (!cookie || typeof header !== "string" || !equal(cookie, header)) {
      throw new ForbiddenError(xsrfRejectedMessage, "xsrf_rejected")
    }
  })
}
