import { useState } from "react"
import { PlanPicker } from "../../components/plan-picker.tsx"
import type { BoletoPayer } from "../../domain/boleto.ts"
import type { Plan, Profile } from "../../domain/models.ts"
import type { TokenizeCard } from "../checkout/card-form-fields.tsx"
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
  /** mercadoPago: the container creates the checkout and redirects to it. */
  onMercadoPagoContinue: (method: MercadoPagoMethod, plan: Plan) => Promise<void>
  /** bacen and mercadoPagoPixOnly. */
  onGeneratePix: (plan: Plan) => Promise<void>
  /** iugu: the buyer's saved cards. */
  cards?: SavedCardsView
  onRetryCards?: () => void
  tokenizeCard: TokenizeCard
  onIuguSubscribe: (payment: IuguPayment) => Promise<void>
  /** iugu and mercadoPago, when the creator sells boleto: issues it for the payer. */
  onGenerateBoleto: (payer: BoletoPayer, plan: Plan) => Promise<void>
  /** The follower picked "Boleto" (the visit event of spec §4). */
  onChooseBoleto?: () => void
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
}: PaymentScreenProps) {
  const [planId, setPlanId] = useState(initialPlanId)
  const [iuguMethod, setIuguMethod] = useState<"credit_card" | "boleto">("credit_card")
  const plan = profile.plans.find((p) => p.id === planId) ?? null
  const gateway = profile.paymentGateway
  const boleto = profile.subscription.paymentMethods.includes("boleto") ? (
    <BoletoBlock plan={plan} onGenerate={onGenerateBoleto} />
  ) : undefined

  return (
    <PaymentLayout title="Pagamento" step={2} backHref={backHref}>
      <PlanPicker plans={profile.plans} value={planId} onChange={setPlanId} />
      {gateway === "mercadoPago" ? (
        <MercadoPagoBlock
          plan={plan}
          methods={profile.subscription.paymentMethods}
          onContinue={onMercadoPagoContinue}
          boleto={boleto}
          onChooseBoleto={onChooseBoleto}
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
              onSubscribe={onIuguSubscribe}
            />
          )}
        </>
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
