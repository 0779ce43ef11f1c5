import { COUPON_PARAM } from "../../domain/coupon-link-param.ts"

/**
 * The coupon a link brought (`/{username}?cupom=CODE`): kept for this tab while the follower
 * signs in or creates her account, so the checkout still applies it. Session storage: it ends
 * with the tab.
 */
const keyOf = (username: string) => `coupon:${username}`

/** The link's code if there is one (kept for later), else the one kept for this creator. */
export function couponOfLink(username: string, search: URLSearchParams): string | null {
  const fromLink = search.get(COUPON_PARAM)?.trim()
  try {
    if (fromLink) window.sessionStorage.setItem(keyOf(username), fromLink)
    return fromLink || window.sessionStorage.getItem(keyOf(username))
  } catch {
    // Storage refused (private mode): only the link itself carries the coupon.
    return fromLink || null
  }
}

/** The follower removed the coupon: the checkout stops applying it. */
export function forgetCoupon(username: string) {
  try {
    window.sessionStorage.removeItem(keyOf(username))
  } catch {
    // Nothing was kept.
  }
}
