/**
 * A coupon link's code, kept for this tab while the follower signs in or creates her account,
 * so the checkout still applies it. Session storage: it ends with the tab. Apart from the rest
 * of coupon-link.ts: a profile opened from a link keeps it at once, before any tap can leave.
 */
export const keptCouponKey = (username: string) => `coupon:${username}`

/** Keeps a link's code for this creator, for this tab. */
export function keepLinkedCoupon(username: string, code: string) {
  try {
    window.sessionStorage.setItem(keptCouponKey(username), code)
  } catch {
    // Storage refused (private mode): only the link itself carries the coupon.
  }
}
