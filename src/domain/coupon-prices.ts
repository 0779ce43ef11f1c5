import { formatBRL } from "./money.ts"
import { SERVICE_FEE_CENTS, totalCents, type PricedPlan } from "./plans.ts"

/**
 * A coupon's prices and messages, without zod: the checkout shows them in its first render,
 * and the schemas (coupons.ts) load only with the forms.
 */

export { COUPON_PARAM } from "./coupon-link-param.ts"

/** A code: 4 to 30 letters, digits, "-" or "_", compared in upper case. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{4,30}$/

export interface CouponDiscount {
  kind: "percent" | "fixed" | "trial"
  percentOff: number | null
  amountOffCents: number | null
  /** A free trial's days; null for a discount. */
  trialDays?: number | null
}

export const couponInvalidMessage = "Cupom inválido. Confira o código e tente de novo."
export const couponExpiredMessage = "Este cupom expirou."
export const couponUsedUpMessage = "Este cupom já foi usado o máximo de vezes."
export const couponPausedMessage = "Este cupom está pausado no momento."
export const couponPlanMessage = "Este cupom não vale para o plano escolhido."
export const couponFirstPeriodMessage = "Este cupom vale só para a primeira assinatura."
export const couponCardMercadoPagoMessage =
  "Este cupom não vale para cartão nesta página. Pague com Pix ou boleto para usar o desconto."
export const couponDuplicateMessage = "Você já tem um cupom com este código."
export const couponNotFoundMessage = "Cupom não encontrado."
export const couponEndedMessage = "Este cupom foi encerrado e não pode voltar a valer."
export const couponTooLargeMessage = "O desconto precisa ser menor que o valor de cada plano."
export const couponNoPlansMessage = "Escolha pelo menos um plano."
export const couponTrialUsedMessage =
  "Você já usou um teste grátis com este perfil. Assine pelo preço do plano."
export const couponTrialMethodMessage =
  "Este teste grátis vale só para assinatura no cartão. Escolha cartão para começar o teste."

/** The plan's value after the coupon, never below one centavo; a trial's first charge is the plan's. */
export function discountedValueCents(plan: Pick<PricedPlan, "valueCents">, coupon: CouponDiscount) {
  if (coupon.kind === "trial") return plan.valueCents
  const off =
    coupon.kind === "percent"
      ? Math.floor((plan.valueCents * (coupon.percentOff ?? 0)) / 100)
      : (coupon.amountOffCents ?? 0)
  return Math.max(1, plan.valueCents - off)
}

/** The first charge with the coupon: the discounted value plus the service fee. */
export const firstChargeCents = (plan: Pick<PricedPlan, "valueCents">, coupon: CouponDiscount) =>
  discountedValueCents(plan, coupon) + SERVICE_FEE_CENTS

/** The first charge, with the coupon when it applies to this plan. */
export function chargeWithCoupon(
  plan: Pick<PricedPlan, "valueCents"> & { id: string },
  coupon: (CouponDiscount & { planIds: readonly string[] }) | null | undefined,
) {
  return coupon && coupon.planIds.includes(plan.id)
    ? firstChargeCents(plan, coupon)
    : totalCents(plan)
}

/** "7 dias grátis", or "1 dia grátis". */
export const trialDaysLabel = (days: number) => `${days} ${days === 1 ? "dia" : "dias"} grátis`

/** "-50%", "-R$ 10,00" or "7 dias grátis": the pill the checkout and the studio show. */
export const couponDiscountLabel = (coupon: CouponDiscount) =>
  coupon.kind === "trial"
    ? trialDaysLabel(coupon.trialDays ?? 0)
    : coupon.kind === "percent"
      ? `-${coupon.percentOff}%`
      : `-${formatBRL(coupon.amountOffCents ?? 0)}`

/** "Teste grátis de 7 dias": how the studio names a trial coupon. */
export const trialCouponTitle = (days: number) =>
  `Teste grátis de ${days} ${days === 1 ? "dia" : "dias"}`

const dayMs = 24 * 60 * 60 * 1000

/** When a trial that starts at `start` ends, and its first charge is made. */
export const trialEndsAt = (start: Date, days: number) => new Date(start.getTime() + days * dayMs)
