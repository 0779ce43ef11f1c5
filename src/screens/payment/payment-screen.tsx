import { useState } from "react"
import { PlanPicker } from "../../components/plan-picker.tsx"
import type { BoletoPayer } from "../../domain/boleto.ts"
import type { Plan, Profile } from "../../domain/models.ts"
import type { TokenizeCard } from "../checkout/card-form-fields.tsx"
import { CouponField, type CouponView } from "../checkout/coupon-field.tsx"
import { couponForPlan } from "../checkout/coupon-for-plan.ts"
import { BoletoBlock } from "./boleto-block.tsx"
import { MercadoPagoBlock, PixGenerateBlock, type MercadoPagoMethod } from "./gateway-blocks.tsx"
import { IuguCardBlock, type IuguPayment, type SavedCardsView } from "./iugu-card-block.tsx"
import { boletoOption, MethodChoice } from "./method-choice.tsx"
import { PaymentLayout } from "./payment-layout.tsx"

export type PaymentScreenProps = {
  profile: Pick<Profile, "plans" | "paymentGateway" | "subscription" | "billing">
  initialPlanId?: string | null
  /** "Voltar": the creator's profile. */
  backHref: string
  /**
   * mercadoPago: the container creates the checkout and redirects to it. Every action below
   * gets, last, the applied coupon's code when it covers the plan.
   */
  onMercadoPagoContinue: (method: MercadoPagoMethod, plan: Plan, coupon?: string) => Promise<void>
  /** bacen and mercadoPagoPixOnly. */
  onGeneratePix: (plan: Plan, coupon?: string) => Promise<void>
  /** iugu: the buyer's saved cards. */
  cards?: SavedCardsView
  onRetryCards?: () => void
  tokenizeCard: TokenizeCard
  onIuguSubscribe: (payment: IuguPayment & { coupon?: string }) => Promise<void>
  /** iugu and mercadoPago, when the creator sells boleto: issues it for the payer. */
  onGenerateBoleto: (payer: BoletoPayer, plan: Plan, coupon?: string) => Promise<void>
  /** The follower picked "Boleto" (the visit event of spec §4). */
  onChooseBoleto?: () => void
  /** The coupon brought by a link or typed ("Tenho um cupom"); the field shows with `onApplyCoupon`. */
  coupon?: CouponView
  onApplyCoupon?: (code: string) => void
  onRemoveCoupon?: () => void
}

const iuguChoices = [
  { value: "credit_card" as const, label: "Cartão de crédito", note: "aprovado na hora" },
  boletoOption,
]

export function PaymentScreen({
  profile,
  initialPlanId = null,
  backHref,
  onMercadoPagoContinue,
  onGeneratePix,
  cards = { status: "loading" },
  onRetryCards,
  tokenizeCard,
  onIuguSubscribe,
  onGenerateBoleto,
  onChooseBoleto,
  coupon = { status: "none" },
  onApplyCoupon,
  onRemoveCoupon = () => undefined,
}: PaymentScreenProps) {
  const [planId, setPlanId] = useState(initialPlanId)
  const [iuguMethod, setIuguMethod] = useState<"credit_card" | "boleto">("credit_card")
  const plan = profile.plans.find((p) => p.id === planId) ?? null
  const gateway = profile.paymentGateway
  const discount = couponForPlan(coupon, plan)
  // The code travels only when it covers the plan, so a call without one keeps its arguments.
  const code = discount.applied ? [discount.applied.code] : []
  const boleto = profile.subscription.paymentMethods.includes("boleto") ? (
    <BoletoBlock
      plan={plan}
      coupon={discount.applied}
      onGenerate={(payer, chosen) => onGenerateBoleto(payer, chosen, ...code)}
    />
  ) : undefined

  return (
    <PaymentLayout title="Pagamento" step={2} backHref={backHref}>
      <PlanPicker plans={profile.plans} value={planId} onChange={setPlanId} />
      {onApplyCoupon ? (
        <CouponField
          coupon={coupon}
          planMessage={discount.planMessage}
          onApply={onApplyCoupon}
          onRemove={onRemoveCoupon}
        />
      ) : null}
      {gateway === "mercadoPago" ? (
        <MercadoPagoBlock
          plan={plan}
          methods={profile.subscription.paymentMethods}
          onContinue={(method, chosen) => onMercadoPagoContinue(method, chosen, ...code)}
          boleto={boleto}
          onChooseBoleto={onChooseBoleto}
          coupon={discount.applied}
        />
      ) : gateway === "iugu" ? (
        <>
          {boleto ? (
            <section aria-label="Forma de pagamento" className="flex flex-col gap-3">
              <h2 className="text-lg font-semibold">Forma de pagamento</h2>
              <MethodChoice
                options={iuguChoices}
                value={iuguMethod}
                onChange={(chosen) => {
                  setIuguMethod(chosen)
                  if (chosen === "boleto") onChooseBoleto?.()
                }}
              />
            </section>
          ) : null}
          {boleto && iuguMethod === "boleto" ? (
            boleto
          ) : (
            <IuguCardBlock
              plan={plan}
              cards={cards}
              onRetryCards={onRetryCards}
              tokenizeCard={tokenizeCard}
              coupon={discount.applied}
              onSubscribe={(payment) =>
                onIuguSubscribe(
                  discount.applied ? { ...payment, coupon: discount.applied.code } : payment,
                )
              }
            />
          )}
        </>
      ) : (
        <PixGenerateBlock
          plan={plan}
          gateway={gateway}
          payeeName={profile.billing.name}
          coupon={discount.applied}
          onGeneratePix={(chosen) => onGeneratePix(chosen, ...code)}
        />
      )}
    </PaymentLayout>
  )
}
