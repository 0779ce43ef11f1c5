import type { FastifyReply, FastifyRequest } from "fastify"

/**
 * The reader's pass (modules/auth/reader-passes.ts): HttpOnly and SameSite=Lax like the refresh
 * cookie, but sent with the app's pages, where the server reads it to draw a buyer's own
 * payment pages. The API never takes it as a credential.
 */
export const readerCookieName = "closer_reader"
const readerCookiePath = "/"

export function setReaderCookie(
  reply: FastifyReply,
  pass: { value: string; expiresAt: Date },
  options: { secure: boolean },
) {
  reply.setCookie(readerCookieName, pass.value, {
    path: readerCookiePath,
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    expires: pass.expiresAt,
  })
}

export function clearReaderCookie(reply: FastifyReply, options: { secure: boolean }) {
  reply.clearCookie(readerCookieName, {
    path: readerCookiePath,
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
  })
}

/** The pass the browser sent with a page, if any. */
export function readerCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[readerCookieName]
  return value ? value : undefined
}
