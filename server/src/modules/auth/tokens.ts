import { jwtVerify, SignJWT } from "jose"
import type { Role } from "../../../../src/domain/models.ts"

export const tokenIssuer = "closer-api"
export const tokenAudience = "closer-app"
const accessTokenTtlSeconds = 30 * 24 * 60 * 60

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

export function createTokenService(secret: string, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret)
  return {
    async sign({ accountId, role, version }) {
      const issuedAt = Math.floor(now().getTime() / 1000)
      return new SignJWT({ role, ver: version })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(accountId)
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + accessTokenTtlSeconds)
        .sign(key)
    },
    async verify(token) {
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
        return { accountId: payload.sub, role: payload.role as Role, version: payload.ver }
      } catch {
        return null
      }
    },
  }
}
