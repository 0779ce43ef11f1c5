import { createHmac, timingSafeEqual } from "node:crypto"
import { createBoundedMemo } from "../../cache/bounded-memo.ts"
import type { Clock } from "../../clock.ts"
import {
  sharedLinkTtlSeconds,
  viewerLinkTimes,
  viewerLinkTtlSeconds,
  type LinkOptions,
} from "./storage.ts"

export const filesPathPrefix = "/v1/files/"
/** Signed URLs remembered: a few MB for the media of many busy pages and their viewers. */
export const signedUrlsKept = 20_000

export interface UrlSigner {
  url(key: string, options: LinkOptions): string
  /** `viewer` is the account the link was signed for ("" for a shared, public link). */
  verify(key: string, exp: string, sig: string, viewer: string): number | null
}

const viewerPattern = /^[A-Za-z0-9-]{1,64}$/

/**
 * HMAC-signed, expiring paths. A shared link's expiry is rounded up so it stays the same (and
 * cacheable) for a while; a viewer's link signs her account id too and never outlives its TTL.
 */
export function createUrlSigner(secret: string, clock: Clock): UrlSigner {
  const sign = (key: string, exp: number, viewer: string) =>
    createHmac("sha256", secret)
      .update(viewer ? `${key}\n${exp}\n${viewer}` : `${key}\n${exp}`)
      .digest("base64url")
  // A page of public images signs the same URLs for every visitor until their expiry moves on.
  const urls = createBoundedMemo<string>(signedUrlsKept)
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000)
  return {
    url(key, { ttlSeconds, viewer }) {
      if (viewer) {
        if (!viewerPattern.test(viewer)) throw new Error("invalid link viewer")
        const ttl = ttlSeconds ?? viewerLinkTtlSeconds
        const { expiresAt } = viewerLinkTimes(nowSeconds(), ttl)
        // The same key, expiry and viewer sign the same URL: a subscriber's every read of a
        // page asks for each of them again until the expiry moves on (as the S3 adapter does).
        return urls.get(
          `${expiresAt}\n${key}\n${viewer}`,
          () =>
            `${filesPathPrefix}${key}?exp=${expiresAt}&viewer=${viewer}&sig=${sign(key, expiresAt, viewer)}`,
        )
      }
      const ttl = ttlSeconds ?? sharedLinkTtlSeconds
      const step = Math.max(1, Math.floor(ttl / 4))
      const exp = Math.ceil((nowSeconds() + ttl) / step) * step
      return urls.get(
        `${exp}\n${key}`,
        () => `${filesPathPrefix}${key}?exp=${exp}&sig=${sign(key, exp, "")}`,
      )
    },
    verify(key, exp, sig, viewer) {
      if (!/^\d{1,12}$/.test(exp)) return null
      if (viewer && !viewerPattern.test(viewer)) return null
      const expected = Buffer.from(sign(key, Number(exp), viewer))
      const given = Buffer.from(sig)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      const left = Number(exp) - nowSeconds()
      return left > 0 ? left : null
    },
  }
}
