import { useState } from "react"
import { PlanPicker } from "../../components/plan-picker.tsx"
import type { Plan, Profile } from "../../domain/models.ts"
import type { TokenizeCard } from "../checkout/card-form-fields.tsx"
import { MercadoPagoBlock, PixGenerateBlock, type MercadoPagoMethod } from "./gateway-blocks.tsx"
import { IuguCardBlock, type IuguPayment, type SavedCardsView } from "./iugu-card-block.tsx"
import { PaymentLayout } from "./payment-layout.tsx"

export type PaymentScreenProps = {
  profile: Pick<Profile, "plans" | "paymentGateway" | "subscription" | "billing">
  initialPlanId?: string | null
  /** "Voltar": the creator's profile. */
  backHref: string
  /** mercadoPago: the container creates the checkout and redirects to it. */
  onMercadoPagoContinue: (method: MercadoPagoMethod, plan: Plan) => Promise<void>
  /** bacen and mercadoPagoPixOnly. */
  onGeneratePix: (plan: Plan) => Promise<void>
  /** iugu: the buyer's saved cards. */
  cards?: SavedCardsView
  onRetryCards?: () => void
  tokenizeCard: TokenizeCard
  onIuguSubscribe: (payment: IuguPayment) => Promise<void>
}

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
}: PaymentScreenProps) {
  const [planId, setPlanId] = useState(initialPlanId)
  const plan = profile.plans.find((p) => p.id === planId) ?? null
  const gateway = profile.paymentGateway

  return (
    <PaymentLayout title="Pagamento" step={2} backHref={backHref}>
      <PlanPicker plans={profile.plans} value={planId} onChange={setPlanId} />
      {gateway === "mercadoPago" ? (
        <MercadoPagoBlock
          plan={plan}
          methods={profile.subscription.paymentMethods}
          onContinue={onMercadoPagoContinue}
        />
      ) : gateway === "iugu" ? (
        <IuguCardBlock
          plan={plan}
          cards={cards}
          onRetryCards={onRetryCards}
          tokenizeCard={tokenizeCard}
          onSubscribe={onIuguSubscribe}
        />
      ) : (
        <PixGenerateBlock
          plan={plan}
          gateway={gateway}
          payeeName={profile.billing.name}
          onGeneratePix={onGeneratePix}
        />
      )}
    </PaymentLayout>
  )
}
