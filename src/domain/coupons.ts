import { z } from "zod"
import { formatBRL } from "./money.ts"
import type { PaymentGateway, PaymentMethod } from "./models.ts"
import { SERVICE_FEE_CENTS, totalCents, type PricedPlan } from "./plans.ts"
import { fields, messages } from "./validation.ts"

/**
 * Coupons: a discount on the first period of a subscription, as a percentage or a fixed amount.
 * The discount comes off the plan's value; the R$ 1,99 fee is added after it, as on every
 * charge, and renewals charge the plan's full price. See docs/coupons.md.
 */

/** The query parameter of a coupon link: /{username}?cupom=CODE. */
export const COUPON_PARAM = "cupom"
export const COUPON_KINDS = ["percent", "fixed"] as const
export type CouponKind = (typeof COUPON_KINDS)[number]
export const COUPON_STATUSES = ["active", "paused", "ended"] as const
export type CouponStatus = (typeof COUPON_STATUSES)[number]
/** A first charge keeps at least one centavo of the plan's value: 100 % off is not a discount. */
export const COUPON_PERCENT_MAX = 99
export const COUPON_MAX_USES = 100_000

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

export const couponStatusLabels: Record<CouponStatus, string> = {
  active: "Ativo",
  paused: "Pausado",
  ended: "Encerrado",
}

const wholeNumber = (message: string) => z.number({ error: message }).int(message).positive(message)

/** What the creator types in the studio. */
export const couponCreateBody = z
  .object({
    code: fields.coupon,
    kind: z.enum(COUPON_KINDS, { error: messages.required }),
    percentOff: wholeNumber(messages.generic).max(COUPON_PERCENT_MAX, messages.generic).optional(),
    amountOffCents: wholeNumber(messages.generic).optional(),
    planIds: z
      .array(z.uuid({ error: messages.generic }))
      .min(1, couponNoPlansMessage)
      .max(3),
    maxUses: wholeNumber(messages.generic).max(COUPON_MAX_USES, messages.generic).nullable(),
    expiresAt: z.iso.datetime({ offset: true, error: messages.generic }).nullable(),
  })
  .superRefine((body, ctx) => {
    const missing = body.kind === "percent" ? "percentOff" : "amountOffCents"
    if (body[missing] === undefined)
      ctx.addIssue({ code: "custom", message: messages.required, path: [missing] })
  })
export type CouponCreateBody = z.infer<typeof couponCreateBody>

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
  planIds: z.array(z.string()),
})
export type CouponQuote = z.infer<typeof CouponQuoteSchema>

export type CouponDiscount = Pick<CouponQuote, "kind" | "percentOff" | "amountOffCents">

/** The plan's value after the coupon, never below one centavo. */
export function discountedValueCents(plan: Pick<PricedPlan, "valueCents">, coupon: CouponDiscount) {
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

/** "-50%" or "-R$ 10,00": the pill the checkout and the studio show. */
export const couponDiscountLabel = (coupon: CouponDiscount) =>
  coupon.kind === "percent" ? `-${coupon.percentOff}%` : `-${formatBRL(coupon.amountOffCents ?? 0)}`

/**
 * Whether a checkout method can charge a first amount different from the renewals. Every
 * gateway can (a one-off Pix, boleto or iugu card charge, a Pix Automático whose first amount
 * differs) except Mercado Pago's card subscription, which starts at the price it renews at.
 */
export const methodTakesCoupon = (gateway: PaymentGateway, method: PaymentMethod) =>
  !(gateway === "mercadoPago" && method === "credit_card")

/** What a coupon's discount must respect against the plans it applies to. */
export function couponFitsPlans(
  body: Pick<CouponCreateBody, "kind" | "amountOffCents">,
  plans: readonly Pick<PricedPlan, "valueCents">[],
) {
  if (body.kind !== "fixed") return true
  return plans.every((plan) => (body.amountOffCents ?? 0) < plan.valueCents)
}
