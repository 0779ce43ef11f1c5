import { httpOnlyCookie } from "./http-only-cookie.ts"

/**
 * The reader's pass (modules/auth/reader-passes.ts), sent with the app's pages, where the server
 * reads it to draw a buyer's own payment pages. The API never takes it as a credential.
 */
export const readerCookieName = "closer_reader"
export const readerCookie = httpOnlyCookie(readerCookieName, "/")
