import type { FastifyReply, FastifyRequest } from "fastify"

/**
 * A session's cookie: HttpOnly (no script reads it), SameSite=Lax, sent to `path` and below, and
 * Secure whenever the app is served over HTTPS (plain http://localhost in development and tests).
 */
export function httpOnlyCookie(name: string, path: string) {
  const attributes = (secure: boolean) => ({
    path,
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
  })
  return {
    name,
    set(reply: FastifyReply, token: { value: string; expiresAt: Date }, secure: boolean) {
      reply.setCookie(name, token.value, { ...attributes(secure), expires: token.expiresAt })
    },
    clear(reply: FastifyReply, secure: boolean) {
      reply.clearCookie(name, attributes(secure))
    },
    /** The value the browser sent, if any. */
    of(request: FastifyRequest): string | undefined {
      return request.cookies[name] || undefined
    },
  }
}
