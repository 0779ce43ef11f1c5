import { jwtVerify, SignJWT } from "jose"
import { tokenIssuer } from "../../plugins/tokens.ts"

/** Not the access token's audience: a pass is never taken for a bearer token, nor one for a pass. */
const readerAudience = "closer-pages"
/** Both ids are the database's uuids: anything else would only make the lookup fail. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface ReaderPass {
  accountId: string
  /** The session family it belongs to: its logout, or any revocation of it, ends the pass. */
  familyId: string
}

/**
 * A signed pass that names a reader's session (plugins/reader-cookie.ts), so the server can
 * draw her own payment pages with the HTML. It expires with its session and is checked
 * against the session's row each time (sessions.service.ts `reader`).
 */
export function createReaderPasses(secret: string, now: () => Date) {
  const key = new TextEncoder().encode(secret)
  return {
    sign(pass: ReaderPass, expiresAt: Date): Promise<string> {
      return new SignJWT({ fam: pass.familyId })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(pass.accountId)
        .setIssuer(tokenIssuer)
        .setAudience(readerAudience)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key)
    },
    async verify(value: string): Promise<ReaderPass | null> {
      try {
        const { payload } = await jwtVerify(value, key, {
          issuer: tokenIssuer,
          audience: readerAudience,
          algorithms: ["HS256"],
          currentDate: now(),
        })
        const { sub, fam } = payload
        return typeof sub === "string" &&
          typeof fam === "string" &&
          uuid.test(sub) &&
          uuid.test(fam)
          ? { accountId: sub, familyId: fam }
          : null
      } catch {
        return null
      }
    },
  }
}

export type ReaderPasses = ReturnType<typeof createReaderPasses>
