import { httpOnlyCookie } from "./http-only-cookie.ts"

/** The refresh token's cookie, sent only to /v1/auth, where the refresh and logout routes read it. */
export const refreshCookieName = "closer_refresh"
export const refreshCookie = httpOnlyCookie(refreshCookieName, "/v1/auth")
