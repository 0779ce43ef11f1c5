import { randomBytes, timingSafeEqual } from "node:crypto"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { ForbiddenError } from "../errors.ts"

export const xsrfCookieName = "XSRF-TOKEN"
export const xsrfHeaderName = "x-xsrf-token"
export const xsrfRejectedMessage =
  "Não foi possível validar a sua requisição. Recarregue a página e tente novamente."

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"])

/**
 * Providers call these without our cookie; they authenticate with their own signatures. A mail
 * client's one-click unsubscribe carries its signed token instead (RFC 8058).
 */
export const antiForgeryExemptPrefixes = ["/v1/webhooks/", "/v1/notifications/unsubscribe"]

/**
 * Answers that never mint the cookie: webhooks (a provider, not a browser) and media files,
 * which <img> and <video> fetch in parallel (a video in many ranges) and the browser keeps in
 * its cache; with S3 storage they are not ours to answer at all, so the app cannot rely on them.
 */
const noCookiePrefixes = [...antiForgeryExemptPrefixes, "/v1/files/"]

export interface AntiForgeryOptions {
  secureCookie: boolean
  /** Parent domain for the cookie, so an app on a sibling subdomain of the API can read it. */
  cookieDomain?: string
}

function equal(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const pathOf = (request: FastifyRequest) => request.url.split("?")[0] ?? ""

/** True when this answer should give the browser a new cookie. */
const needsCookie = (request: FastifyRequest) =>
  !request.cookies[xsrfCookieName] &&
  !noCookiePrefixes.some((prefix) => pathOf(request).startsWith(prefix))

/**
 * Double-submit cookie: every answer to a browser without the cookie sets it; the app reads it
 * and echoes it in a header on every non-GET.
 */
export function registerAntiForgery(app: FastifyInstance, options: AntiForgeryOptions) {
  const minted = new WeakSet<FastifyReply>()
  // Callback hooks: every request passes both, and a promise each would cost them all.
  app.addHook("onRequest", (request, reply, done) => {
    if (needsCookie(request)) {
      minted.add(reply)
      setXsrfCookie(reply, options)
    }
    if (
      safeMethods.has(request.method) ||
      antiForgeryExemptPrefixes.some((prefix) => pathOf(request).startsWith(prefix))
    )
      return done()
    const cookie = request.cookies[xsrfCookieName]
    const header = request.headers[xsrfHeaderName]
    if (!cookie || typeof header !== "string" || !equal(cookie, header))
      return done(new ForbiddenError(xsrfRejectedMessage, "xsrf_rejected"))
    done()
  })

  // A shared cache must not hand one visitor's cookie to the next: an answer that sets it is
  // private, whatever the route chose.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (minted.has(reply)) keepPrivate(reply)
    done(null, payload)
  })
}

function setXsrfCookie(reply: FastifyReply, options: AntiForgeryOptions) {
  reply.setCookie(xsrfCookieName, randomBytes(32).toString("base64url"), {
    path: "/",
    sameSite: "lax",
    httpOnly: false,
    secure: options.secureCookie,
    ...(options.cookieDomain ? { domain: options.cookieDomain } : {}),
  })
}

/** Makes an answer that sets a visitor's cookie private, whatever caching it had chosen. */
function keepPrivate(reply: FastifyReply) {
  const directives = String(reply.getHeader("cache-control") ?? "")
    .split(",")
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^(public|s-maxage=)/i.test(directive))
  if (!directives.some((directive) => /^(private|no-store)$/i.test(directive)))
    directives.unshift("private")
  reply.header("cache-control", directives.join(", "))
}

/**
 * For the pages the server draws (modules/pages): a first visit gets the cookie with the page,
 * so the page's first write (its visit event) needs no extra read to obtain it. Call once the
 * answer's own cache-control is set.
 */
export function giveXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  options: AntiForgeryOptions,
) {
  if (request.cookies[xsrfCookieName]) return
  setXsrfCookie(reply, options)
  keepPrivate(reply)
}
