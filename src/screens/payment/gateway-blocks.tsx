import { useId, useState, type ReactNode } from "react"
import { PriceSummary } from "../../components/price-summary.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { couponCardMercadoPagoMessage } from "../../domain/coupon-prices.ts"
import { errorMessage, PIX_PAYMENT_ERROR, UNEXPECTED_ERROR } from "../../domain/errors.ts"
import type { PaymentMethod, Plan } from "../../domain/models.ts"
import type { AppliedCoupon } from "../checkout/coupon-for-plan.ts"
import { boletoOption, MethodChoice } from "./method-choice.tsx"

/** Runs a server call with a busy flag, showing the spec's message when it fails. */
function useServerAction(fallback: string) {
  const { showAlert } = useAlert()
  const [running, setRunning] = useState(false)
  async function run(action: () => Promise<void>) {
    setRunning(true)
    try {
      await action()
    } catch (error) {
      showAlert({ type: "danger", message: errorMessage(error, fallback) })
    } finally {
      setRunning(false)
    }
  }
  return { running, run }
}

export const NO_PLAN_HINT = "Escolha um plano para continuar."

export type MercadoPagoMethod = Extract<PaymentMethod, "credit_card" | "link">

const mercadoPagoOptions: Record<MercadoPagoMethod, { label: string; note: string }> = {
  credit_card: { label: "Cartão de crédito", note: "aprovado na hora" },
  link: { label: "Link de pagamento", note: "Pix, boleto ou saldo no Mercado Pago" },
}

export type MercadoPagoBlockProps = {
  plan: Plan | null
  /** The creator's methods; card and link are the ones this gateway redirects to. */
  methods: readonly PaymentMethod[]
  onContinue: (method: MercadoPagoMethod, plan: Plan) => Promise<void>
  /** When given, "Boleto" is offered too and this form takes the place of "Continuar". */
  boleto?: ReactNode
  onChooseBoleto?: () => void
  /** A coupon covering the plan: the link takes it; the card subscription cannot. */
  coupon?: AppliedCoupon | null
}

export function MercadoPagoBlock({
  plan,
  methods,
  onContinue,
  boleto,
  onChooseBoleto,
  coupon = null,
}: MercadoPagoBlockProps) {
  const id = useId()
  const offered = (["credit_card", "link"] as const).filter((m) => methods.includes(m))
  const redirects: MercadoPagoMethod[] = offered.length ? offered : ["credit_card", "link"]
  const choices = [
    ...redirects.map((value) => ({ value, ...mercadoPagoOptions[value] })),
    ...(boleto ? [boletoOption] : []),
  ]
  const [method, setMethod] = useState<MercadoPagoMethod | "boleto">(redirects[0]!)
  const { running, run } = useServerAction(UNEXPECTED_ERROR)
  // A preapproval charges the same amount every period, so the server refuses a coupon on it.
  const couponRefused = coupon !== null && method === "credit_card"

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Forma de pagamento
      </h2>
      <MethodChoice
        options={choices}
        value={method}
        disabled={running}
        onChange={(chosen) => {
          setMethod(chosen)
          if (chosen === "boleto") onChooseBoleto?.()
        }}
      />
      {method === "boleto" ? (
        boleto
      ) : (
        <>
          <p className="text-sm text-muted">
            Você vai concluir o pagamento no Mercado Pago e voltar para cá em seguida.
          </p>
          {couponRefused ? (
            <p role="status" className="text-sm text-danger-ink">
              {couponCardMercadoPagoMessage}
            </p>
          ) : plan && coupon ? (
            <PriceSummary plan={plan} coupon={coupon} />
          ) : null}
          <PayButton
            label="Continuar"
            plan={plan}
            loading={running}
            disabled={couponRefused}
            onClick={(chosen) => run(() => onContinue(method, chosen))}
          />
        </>
      )}
    </section>
  )
}

export type PixGenerateBlockProps = {
  plan: Plan | null
  gateway: "bacen" | "mercadoPagoPixOnly"
  /** Who receives the Pix (the creator's billing name). */
  payeeName: string
  onGeneratePix: (plan: Plan) => Promise<void>
  /** A coupon covering the plan: the Pix is of its first charge. */
  coupon?: AppliedCoupon | null
}

export function PixGenerateBlock({
  plan,
  gateway,
  payeeName,
  onGeneratePix,
  coupon = null,
}: PixGenerateBlockProps) {
  const id = useId()
  const { running, run } = useServerAction(PIX_PAYMENT_ERROR)
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Pagamento com PIX
      </h2>
      <p className="text-muted">
        {gateway === "bacen"
          ? `O PIX vai direto para a conta de ${payeeName}. Depois de pagar, envie o comprovante na próxima tela.`
          : "Pague com o QR Code ou o código copia e cola. A confirmação é automática, em poucos segundos."}
      </p>
      {plan && coupon ? <PriceSummary plan={plan} coupon={coupon} /> : null}
      <PayButton
        label="Gerar PIX"
        plan={plan}
        loading={running}
        onClick={(chosen) => run(() => onGeneratePix(chosen))}
      />
    </section>
  )
}

/** The block's main action: disabled until a plan is chosen, and within thumb reach on phones. */
export function PayButton({
  label,
  plan,
  loading,
  disabled = false,
  onClick,
}: {
  label: string
  plan: Plan | null
  loading: boolean
  disabled?: boolean
  onClick: (plan: Plan) => void
}) {
  const hintId = useId()
  return (
    <div className="sticky bottom-0 -mx-4 flex flex-col gap-2 bg-canvas px-4 pt-2 pb-4 md:static md:mx-0 md:px-0">
      {plan ? null : (
        <p id={hintId} className="text-center text-sm text-muted">
          {NO_PLAN_HINT}
        </p>
      )}
      <Button
        block
        loading={loading}
        disabled={!plan || disabled}
        aria-describedby={plan ? undefined : hintId}
        onClick={() => plan && onClick(plan)}
      >
        {label}
      </Button>
    </div>
  )
}
