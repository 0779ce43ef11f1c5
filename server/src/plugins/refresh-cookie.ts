import type { FastifyReply, FastifyRequest } from "fastify"

/**
 * The refresh token's cookie: HttpOnly (no script reads it), SameSite=Lax, and sent only to
 * /v1/auth, where the refresh and logout routes read it. Secure whenever the app is served over
 * HTTPS, as the anti-forgery cookie is; plain http://localhost in development and tests.
 */
export const refreshCookieName = "closer_refresh"
export const refreshCookiePath = "/v1/auth"

export interface RefreshCookieOptions {
  secure: boolean
}

export function setRefreshCookie(
  reply: FastifyReply,
  token: { value: string; expiresAt: Date },
  options: RefreshCookieOptions,
) {
  reply.setCookie(refreshCookieName, token.value, {
    path: refreshCookiePath,
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    expires: token.expiresAt,
  })
}

export function clearRefreshCookie(reply: FastifyReply, options: RefreshCookieOptions) {
  reply.clearCookie(refreshCookieName, {
    path: refreshCookiePath,
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
  })
}

/** The refresh token the browser sent, if any. */
export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[refreshCookieName]
  return value ? value : undefined
}
