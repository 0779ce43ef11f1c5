import type { PaymentGateway, PaymentMethod } from "./models.ts"

/**
 * A coupon's kinds, states, limits and which gateways take them, without zod: the studio's
 * Cupons page shows them in its first render, and the schemas (coupons.ts) load with its form.
 */

export const COUPON_KINDS = ["percent", "fixed", "trial"] as const
export type CouponKind = (typeof COUPON_KINDS)[number]
export const COUPON_STATUSES = ["active", "paused", "ended"] as const
export type CouponStatus = (typeof COUPON_STATUSES)[number]
/** A first charge keeps at least one centavo of the plan's value: 100 % off is not a discount. */
export const COUPON_PERCENT_MAX = 99
export const COUPON_MAX_USES = 100_000
/** A trial lasts at least a day and at most a month: longer is a gift, not a trial. */
export const TRIAL_DAYS_MIN = 1
export const TRIAL_DAYS_MAX = 30
export const trialDaysMessage = `De ${TRIAL_DAYS_MIN} a ${TRIAL_DAYS_MAX} dias`

export const couponStatusLabels: Record<CouponStatus, string> = {
  active: "Ativo",
  paused: "Pausado",
  ended: "Encerrado",
}

/**
 * Whether a checkout method can charge a first amount different from the renewals. Every
 * gateway can (a one-off Pix, boleto or iugu card charge, a Pix Automático whose first amount
 * differs) except Mercado Pago's card subscription, which starts at the price it renews at.
 */
export const methodTakesCoupon = (gateway: PaymentGateway, method: PaymentMethod) =>
  !(gateway === "mercadoPago" && method === "credit_card")

/**
 * Why a creator's gateway cannot give a free trial, or null when it can. A trial needs a
 * gateway that charges by itself when it ends: iugu's card subscription does (its first charge
 * is scheduled at the trial's end); a one-off Pix or boleto waits for the buyer to pay.
 */
export function trialRefusal(gateway: PaymentGateway): string | null {
  switch (gateway) {
    case "iugu":
      return null
    case "bacen":
      return "O Pix na sua chave não cobra sozinho no fim do teste grátis. Use um desconto em vez do teste."
    case "mercadoPagoPixOnly":
      return "O Pix do Mercado Pago não cobra sozinho no fim do teste grátis. Use um desconto em vez do teste."
    case "mercadoPago":
      return "O teste grátis ainda não está disponível no Mercado Pago. Use um desconto em vez do teste."
  }
}

/**
 * A trial starts only where the first charge can wait for its end: iugu's card subscription, or
 * its Pix Automático, whose recurrence is authorised now and first debited at the trial's end.
 */
export const methodTakesTrial = (
  gateway: PaymentGateway,
  method: PaymentMethod,
  automaticPix = false,
) =>
  trialRefusal(gateway) === null &&
  (method === "credit_card" || (gateway === "iugu" && method === "pix" && automaticPix))

export const couponPercentMessage = `De 1 a ${COUPON_PERCENT_MAX}%`
