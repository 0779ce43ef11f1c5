import { jwtVerify, SignJWT } from "jose"
import type { Role } from "../../../src/domain/models.ts"

export const tokenIssuer = "closer-api"
export const tokenAudience = "closer-app"
/**
 * How long an access token lasts unless the app is told otherwise: short, so a stolen one ends
 * soon on its own; the refresh cookie (sessions.service.ts) gives the browser a new one.
 */
export const accessTokenTtlSeconds = 15 * 60

export interface AccessClaims {
  accountId: string
  role: Role
  /** The account's token version when the token was issued. */
  version: number
}

export interface TokenService {
  sign(claims: AccessClaims): Promise<string>
  verify(token: string): Promise<AccessClaims | null>
}

/** Tokens verified lately, so a signed-in visitor's every request does not check the HMAC again. */
const verifiedTokensKept = 10_000

export function createTokenService(
  secret: string,
  now: () => Date,
  ttlSeconds = accessTokenTtlSeconds,
): TokenService {
  const key = new TextEncoder().encode(secret)
  // A token's signature and claims never change: once verified, only its expiry is left to
  // check. Revocation is the account's token version, checked against the database each time.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>()
  const remember = (token: string, claims: AccessClaims, expiresAt: number) => {
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (verified.size >= verifiedTokensKept) verified.delete(verified.keys().next().value!)
    verified.set(token, { claims, expiresAt })
  }
  return {
    async sign({ accountId, role, version }) {
      const issuedAt = Math.floor(now().getTime() / 1000)
      const token = await new SignJWT({ role, ver: version })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(accountId)
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key)
      // Signed here, so known good: a sign-in's session start and the buyer's next reads skip
      // the HMAC check.
      remember(token, { accountId, role, version }, (issuedAt + ttlSeconds) * 1000)
      return token
    },
    async verify(token) {
      const known = verified.get(token)
      if (known) {
        if (known.expiresAt > now().getTime()) return known.claims
        verified.delete(token)
        return null
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: tokenIssuer,
          audience: tokenAudience,
          requiredClaims: ["exp", "sub", "iat"],
          currentDate: now(),
        })
        if (
          typeof payload.sub !== "string" ||
          typeof payload.ver !== "number" ||
          typeof payload.role !== "string"
        ) {
          return null
        }
        const claims = { accountId: payload.sub, role: payload.role as Role, version: payload.ver }
        remember(token, claims, payload.exp! * 1000)
        return claims
      } catch {
        return null
      }
    },
  }
}
