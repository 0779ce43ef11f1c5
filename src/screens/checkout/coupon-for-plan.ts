import {
  couponDiscountLabel,
  couponPlanMessage,
  firstChargeCents,
} from "../../domain/coupon-prices.ts"
import type { Plan } from "../../domain/models.ts"
import type { CouponView } from "./coupon-field.tsx"

/** What an applied coupon does to the chosen plan: its first charge, or why it does not apply. */
export function couponForPlan(coupon: CouponView, plan: Pick<Plan, "id" | "valueCents"> | null) {
  if (coupon.status !== "applied" || !plan) return { applied: null, planMessage: null }
  const { quote } = coupon
  if (!quote.planIds.includes(plan.id)) return { applied: null, planMessage: couponPlanMessage }
  return {
    applied: {
      code: quote.code,
      label: couponDiscountLabel(quote),
      firstChargeCents: firstChargeCents(plan, quote),
    },
    planMessage: null,
  }
}

/** A coupon that covers the chosen plan, as the price summary shows it. */
export type AppliedCoupon = NonNullable<ReturnType<typeof couponForPlan>["applied"]>
