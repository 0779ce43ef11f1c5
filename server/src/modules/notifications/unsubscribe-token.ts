import { createHmac, timingSafeEqual } from "node:crypto"
import { isUuid } from "../../../../src/domain/ids.ts"

/**
 * The digest's unsubscribe token: the follower and the creator, signed with a key derived from
 * the sessions' secret. It never expires (an old mail's link must still work) and does one thing
 * only: turn that creator's digest off for that follower.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac("sha256", secret).update("closer:notifications:unsubscribe").digest()
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("base64url")
  return {
    make(accountId: string, profileId: string) {
      const body = Buffer.from(`${accountId}:${profileId}`).toString("base64url")
      return `${body}.${sign(body)}`
    },
    /** The pair it was made for, or null for anything not made by `make`. */
    read(token: string): { accountId: string; profileId: string } | null {
      const [body, signature, ...rest] = token.split(".")
      if (!body || !signature || rest.length) return null
      const expected = Buffer.from(sign(body))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      const [accountId, profileId] = Buffer.from(body, "base64url").toString().split(":")
      return accountId && profileId && isUuid(accountId) && isUuid(profileId)
        ? { accountId, profileId }
        : null
    },
  }
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>
