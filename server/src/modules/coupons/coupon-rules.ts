import {
  couponExpiredMessage,
  couponInvalidMessage,
  couponPausedMessage,
  couponUsedUpMessage,
  trialEndsAt,
  type CouponQuote,
  type StudioCoupon,
} from "../../../../src/domain/coupons.ts"
import { NotFoundError, ValidationError } from "../../errors.ts"
import type { CouponRow } from "./coupons.repository.ts"

/** Every refusal names the checkout's coupon field, so the form shows it under the code. */
export const couponRefusal = (message: string, code: string) =>
  new ValidationError(message, code, "coupon")

/**
 * Why a coupon cannot be used now, checked in this order: unknown or ended, paused, expired,
 * used up. `held` is how many payments hold a use (awaiting payment or paid).
 */
export function refuseUnusable(coupon: CouponRow | null, held: number, now: Date) {
  if (!coupon || coupon.status === "ended")
    throw new NotFoundError(couponInvalidMessage, "coupon_invalid")
  if (coupon.status === "paused") throw couponRefusal(couponPausedMessage, "coupon_paused")
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime())
    throw couponRefusal(couponExpiredMessage, "coupon_expired")
  if (coupon.maxUses !== null && held >= coupon.maxUses)
    throw couponRefusal(couponUsedUpMessage, "coupon_used_up")
  return coupon
}

const discountOf = (row: CouponRow) => ({
  code: row.code,
  kind: row.kind,
  percentOff: row.percentOff,
  amountOffCents: row.amountOffCents,
  trialDays: row.trialDays,
  planIds: row.planIds,
})

/** What the checkout shows; a trial says when it would end if it started `now`. */
export const toQuote = (row: CouponRow, now: Date): CouponQuote => ({
  ...discountOf(row),
  trialEndsAt: row.trialDays ? trialEndsAt(now, row.trialDays).toISOString() : null,
})

export const toStudioCoupon = (listed: {
  coupon: CouponRow
  uses: number
  reserved: number
  revenueCents: number
}): StudioCoupon => ({
  ...discountOf(listed.coupon),
  couponId: listed.coupon.id,
  maxUses: listed.coupon.maxUses,
  expiresAt: listed.coupon.expiresAt?.toISOString() ?? null,
  status: listed.coupon.status,
  uses: listed.uses,
  reserved: listed.reserved,
  revenueCents: listed.revenueCents,
  createdAt: listed.coupon.createdAt.toISOString(),
})
