import {
  couponDiscountLabel,
  couponPlanMessage,
  couponTrialMethodMessage,
  firstChargeCents,
} from "../../domain/coupon-prices.ts"
import type { Plan } from "../../domain/models.ts"
import type { CouponView } from "./coupon-field.tsx"

/**
 * What an applied coupon does to the chosen plan and method: its first charge (after a trial's
 * free days, for a trial), or why it does not apply. A trial waits for its end only on a card
 * or on Pix Automático, whose recurrence is authorised now and first debited at its end.
 */
export function couponForPlan(
  coupon: CouponView,
  plan: Pick<Plan, "id" | "valueCents"> | null,
  method?: string | null,
  automaticPix = false,
) {
  if (coupon.status !== "applied" || !plan) return { applied: null, planMessage: null }
  const { quote } = coupon
  if (!quote.planIds.includes(plan.id)) return { applied: null, planMessage: couponPlanMessage }
  const trialWaits = method === "credit_card" || (method === "pix" && automaticPix)
  if (quote.kind === "trial" && method && !trialWaits)
    return { applied: null, planMessage: couponTrialMethodMessage }
  return {
    applied: {
      code: quote.code,
      label: couponDiscountLabel(quote),
      firstChargeCents: firstChargeCents(plan, quote),
      trialEndsAt: quote.kind === "trial" ? quote.trialEndsAt : null,
      trialDebit: automaticPix ? ("automaticPix" as const) : ("card" as const),
    },
    planMessage: null,
  }
}

/** A coupon that covers the chosen plan, as the price summary shows it. */
export type AppliedCoupon = NonNullable<ReturnType<typeof couponForPlan>["applied"]>
