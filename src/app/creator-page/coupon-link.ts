import { COUPON_PARAM } from "../../domain/coupon-link-param.ts"

/**
 * The coupon a link brought (`/{username}?cupom=CODE`): kept for this tab while the follower
 * signs in or creates her account, so the checkout still applies it. Session storage: it ends
 * with the tab.
 */
const keyOf = (username: string) => `coupon:${username}`

/** Keeps a link's code for this creator, for this tab. */
export function keepLinkedCoupon(username: string, code: string) {
  try {
    window.sessionStorage.setItem(keyOf(username), code)
  } catch {
    // Storage refused (private mode): only the link itself carries the coupon.
  }
}

/** The link's code if there is one (kept for later), else the one kept for this creator. */
export function couponOfLink(username: string, search: URLSearchParams): string | null {
  const fromLink = search.get(COUPON_PARAM)?.trim()
  if (fromLink) keepLinkedCoupon(username, fromLink)
  try {
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
