import { createHmac, timingSafeEqual } from "node:crypto"
import { createBoundedMemo } from "../../cache/bounded-memo.ts"
import type { Clock } from "../../clock.ts"

export const filesPathPrefix = "/v1/files/"
/** Signed URLs remembered: a few MB for the media of many busy pages. */
export const signedUrlsKept = 20_000

export interface UrlSigner {
  url(key: string, ttlSeconds: number): string
  verify(key: string, exp: string, sig: string): number | null
}

/** HMAC-signed, expiring paths; the expiry is rounded up so a URL stays the same (and cacheable) for a while. */
export function createUrlSigner(secret: string, clock: Clock): UrlSigner {
  const sign = (key: string, exp: number) =>
    createHmac("sha256", secret).update(`${key}\n${exp}`).digest("base64url")
  // A page of photos signs the same URLs for every visitor until their expiry moves on.
  const urls = createBoundedMemo<string>(signedUrlsKept)
  return {
    url(key, ttlSeconds) {
      const now = Math.floor(clock.now().getTime() / 1000)
      const step = Math.max(1, Math.floor(ttlSeconds / 4))
      const exp = Math.ceil((now + ttlSeconds) / step) * step
      return urls.get(
        `${exp}\n${key}`,
        () => `${filesPathPrefix}${key}?exp=${exp}&sig=${sign(key, exp)}`,
      )
    },
    verify(key, exp, sig) {
      if (!/^\d{1,12}$/.test(exp)) return null
      const expected = Buffer.from(sign(key, Number(exp)))
      const given = Buffer.from(sig)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      const left = Number(exp) - Math.floor(clock.now().getTime() / 1000)
      return left > 0 ? left : null
    },
  }
}
