import { z } from "zod"
import {
  COUPON_KINDS,
  COUPON_MAX_USES,
  COUPON_PERCENT_MAX,
  COUPON_STATUSES,
  couponPercentMessage,
  TRIAL_DAYS_MAX,
  TRIAL_DAYS_MIN,
  trialDaysMessage,
  type CouponKind,
} from "./coupon-rules.ts"
import type { PricedPlan } from "./plans.ts"
import { couponNoPlansMessage } from "./coupon-prices.ts"
import { parsePriceCents } from "./studio.ts"
import { fields, messages } from "./validation.ts"

export * from "./coupon-prices.ts"
export * from "./coupon-rules.ts"

/**
 * Coupons: a discount on the first period of a subscription, as a percentage or a fixed amount,
 * or a free trial of N days. The discount comes off the plan's value; the R$ 1,99 fee is added
 * after it, as on every charge, and renewals charge the plan's full price. A trial gives access
 * at once and charges the plan's full price when it ends. See docs/coupons.md.
 */

const wholeNumber = (message: string) => z.number({ error: message }).int(message).positive(message)

/** What the creator types in the studio. */
export const couponCreateBody = z
  .object({
    code: fields.coupon,
    kind: z.enum(COUPON_KINDS, { error: messages.required }),
    percentOff: wholeNumber(messages.generic).max(COUPON_PERCENT_MAX, messages.generic).optional(),
    amountOffCents: wholeNumber(messages.generic).optional(),
    trialDays: wholeNumber(trialDaysMessage)
      .min(TRIAL_DAYS_MIN, trialDaysMessage)
      .max(TRIAL_DAYS_MAX, trialDaysMessage)
      .optional(),
    planIds: z
      .array(z.uuid({ error: messages.generic }))
      .min(1, couponNoPlansMessage)
      .max(3),
    maxUses: wholeNumber(messages.generic).max(COUPON_MAX_USES, messages.generic).nullable(),
    expiresAt: z.iso.datetime({ offset: true, error: messages.generic }).nullable(),
  })
  .superRefine((body, ctx) => {
    const missing = couponAmountField[body.kind]
    if (body[missing] === undefined)
      ctx.addIssue({ code: "custom", message: messages.required, path: [missing] })
  })
export type CouponCreateBody = z.infer<typeof couponCreateBody>

/** The body's field that each kind of coupon needs. */
const couponAmountField = {
  percent: "percentOff",
  fixed: "amountOffCents",
  trial: "trialDays",
} as const satisfies Record<CouponKind, keyof CouponCreateBody>

export const couponStatusBody = z.object({
  status: z.enum(COUPON_STATUSES, { error: messages.generic }),
})

/** A coupon as the studio lists it, with its uses and the revenue it brought. */
export const StudioCouponSchema = z.object({
  couponId: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  percentOff: z.number().nullable(),
  amountOffCents: z.number().nullable(),
  trialDays: z.number().nullable(),
  planIds: z.array(z.string()),
  maxUses: z.number().nullable(),
  expiresAt: z.string().nullable(),
  status: z.enum(COUPON_STATUSES),
  /** Subscriptions that began with it (first payment paid). */
  uses: z.number(),
  /** First payments with it still awaiting payment: they hold a use until they expire. */
  reserved: z.number(),
  /** What the creator received from the subscriptions that began with it, renewals included. */
  revenueCents: z.number(),
  createdAt: z.string(),
})
export type StudioCoupon = z.infer<typeof StudioCouponSchema>

/** A coupon as the checkout shows it: what it takes off, and from which plans. */
export const CouponQuoteSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  percentOff: z.number().nullable(),
  amountOffCents: z.number().nullable(),
  trialDays: z.number().nullable(),
  planIds: z.array(z.string()),
  /** A trial's end, when the plan's price is first charged, if it starts now; null for a discount. */
  trialEndsAt: z.string().nullable(),
})
export type CouponQuote = z.infer<typeof CouponQuoteSchema>

/** What a coupon's discount must respect against the plans it applies to. */
export function couponFitsPlans(
  body: Pick<CouponCreateBody, "kind" | "amountOffCents">,
  plans: readonly Pick<PricedPlan, "valueCents">[],
) {
  if (body.kind !== "fixed") return true
  return plans.every((plan) => (body.amountOffCents ?? 0) < plan.valueCents)
}

/** The studio's coupon form as typed: text inputs, turned into the API's body by `toCouponBody`. */
export const couponFormSchema = z
  .object({
    code: fields.coupon,
    kind: z.enum(COUPON_KINDS),
    /** "50" for a percentage, "10,00" for a fixed amount, "7" days for a trial. */
    amount: z.string(),
    planIds: z.array(z.string()).min(1, couponNoPlansMessage),
    /** Empty for no limit. */
    maxUses: z.string(),
    /** yyyy-mm-dd, empty for no expiry. */
    expiresOn: z.string(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", message, path: [path] })
    const amount = form.amount.trim()
    if (amount === "") issue("amount", messages.required)
    else if (form.kind === "percent") {
      const value = Number(amount.replace("%", ""))
      if (!Number.isInteger(value) || value < 1 || value > COUPON_PERCENT_MAX)
        issue("amount", couponPercentMessage)
    } else if (form.kind === "trial") {
      const days = Number(amount)
      if (!/^\d{1,2}$/.test(amount) || days < TRIAL_DAYS_MIN || days > TRIAL_DAYS_MAX)
        issue("amount", trialDaysMessage)
    } else if (!parsePriceCents(amount)) issue("amount", messages.generic)
    const uses = form.maxUses.trim()
    if (uses !== "" && !/^[1-9]\d{0,5}$/.test(uses)) issue("maxUses", messages.generic)
  })
export type CouponFormInput = z.input<typeof couponFormSchema>

/** The form's values as the API takes them; a date ends at 23:59 São Paulo time (UTC-3). */
export function toCouponBody(form: z.output<typeof couponFormSchema>): CouponCreateBody {
  const amount = form.amount.trim()
  return {
    code: form.code,
    kind: form.kind,
    ...(form.kind === "percent"
      ? { percentOff: Number(amount.replace("%", "")) }
      : form.kind === "trial"
        ? { trialDays: Number(amount) }
        : { amountOffCents: parsePriceCents(amount)! }),
    planIds: form.planIds,
    maxUses: form.maxUses.trim() === "" ? null : Number(form.maxUses),
    expiresAt: form.expiresOn ? `${form.expiresOn}T23:59:59-03:00` : null,
  }
}
