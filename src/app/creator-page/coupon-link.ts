import { COUPON_PARAM } from "../../domain/coupon-link-param.ts"
import { keepLinkedCoupon, keptCouponKey as keyOf } from "./kept-coupon.ts"

/**
 * The coupon a link brought (`/{username}?cupom=CODE`): the link's code if there is one (kept
 * for later), else the one kept for this creator.
 */
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
