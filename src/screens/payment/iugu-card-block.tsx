import { useId, useRef, useState } from "react"
import { PriceSummary } from "../../components/price-summary.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { cn } from "../../components/ui/cn.ts"
import type { FormHandle } from "../../components/ui/form-handle.ts"
import { LockIcon } from "../../components/ui/icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { cardTokenErrorMessage } from "../../domain/card-errors.ts"
import { CARD_PAYMENT_ERROR, CARDS_LOAD_ERROR, errorMessage } from "../../domain/errors.ts"
import type { Plan, SavedCard } from "../../domain/models.ts"
import type { CardFormOutput } from "../../domain/validation.ts"
import { CardForm, type CardToken, type TokenizeCard } from "../checkout/card-form-fields.tsx"
import type { AppliedCoupon } from "../checkout/coupon-for-plan.ts"
import { PayButton } from "./gateway-blocks.tsx"

export type SavedCardsView =
  { status: "loading" } | { status: "error" } | { status: "ready"; cards: SavedCard[] }

export type IuguPayment =
  | { plan: Plan; paymentMethodId: string }
  | {
      plan: Plan
      card: CardToken & Pick<CardFormOutput, "accountName" | "accountDocument" | "cardHolderName">
    }

export type IuguCardBlockProps = {
  plan: Plan | null
  cards: SavedCardsView
  onRetryCards?: () => void
  tokenizeCard: TokenizeCard
  onSubscribe: (payment: IuguPayment) => Promise<void>
  /** A coupon covering the plan: the summary shows its first charge. */
  coupon?: AppliedCoupon | null
}

const brandNames: Record<string, string> = {
  visa: "Visa",
  master: "Mastercard",
  mastercard: "Mastercard",
  amex: "American Express",
  diners: "Diners",
  elo: "Elo",
}

const NEW_CARD = "new"

export function IuguCardBlock({
  plan,
  cards,
  onRetryCards,
  tokenizeCard,
  onSubscribe,
  coupon = null,
}: IuguCardBlockProps) {
  const id = useId()
  const { showAlert } = useAlert()
  const cardForm = useRef<FormHandle<CardFormOutput>>(null)
  const [cardValid, setCardValid] = useState(false)
  const [selected, setSelected] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const saved = cards.status === "ready" ? cards.cards : []
  const newCard = saved.length === 0 || selected === NEW_CARD
  const ready =
    cards.status !== "loading" && plan !== null && (newCard ? cardValid : selected !== null)

  async function subscribe(chosen: Plan) {
    setSubmitting(true)
    try {
      if (!newCard && selected) {
        await onSubscribe({ plan: chosen, paymentMethodId: selected })
        return
      }
      const values = (await cardForm.current?.submit()) ?? null
      if (!values) return
      const { cardNumber, cardHolderName, cardExpDate, cardCVV, accountName, accountDocument } =
        values
      let token: CardToken
      try {
        token = await tokenizeCard({ cardNumber, cardHolderName, cardExpDate, cardCVV })
      } catch (error) {
        showAlert({ type: "danger", message: cardTokenErrorMessage(error) })
        return
      }
      await onSubscribe({
        plan: chosen,
        card: { ...token, accountName, accountDocument, cardHolderName },
      })
    } catch (error) {
      showAlert({ type: "danger", message: errorMessage(error, CARD_PAYMENT_ERROR) })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Cartão de crédito
      </h2>

      {cards.status === "loading" ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Carregando cartões</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : null}

      {cards.status === "error" ? (
        <div className="flex flex-col items-start gap-2 rounded-card border border-line bg-surface p-4">
          <p role="alert" className="text-danger-ink">
            {CARDS_LOAD_ERROR}
          </p>
          {onRetryCards ? (
            <Button variant="secondary" onClick={onRetryCards}>
              Tentar novamente
            </Button>
          ) : null}
        </div>
      ) : null}

      {saved.length > 0 ? (
        <fieldset disabled={submitting} className="flex min-w-0 flex-col gap-2">
          <legend className="mb-2 font-semibold">Seus cartões</legend>
          {[
            ...saved.map((card) => ({ value: card.id, card })),
            { value: NEW_CARD, card: null },
          ].map(({ value, card }) => (
            <label
              key={value}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-card border-2 border-line bg-surface px-4 py-3",
                "has-[:checked]:border-brand has-[:checked]:bg-brand-soft",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-link",
              )}
            >
              <input
                type="radio"
                name={id}
                value={value}
                checked={selected === value}
                onChange={() => setSelected(value)}
                className="size-5 shrink-0 accent-brand focus-visible:outline-none"
              />
              {card ? (
                <span className="flex flex-1 flex-col">
                  <span className="font-semibold">
                    {brandNames[card.brand.toLowerCase()] ?? card.brand}
                  </span>
                  <span className="font-mono text-sm text-muted">{card.displayNumber}</span>
                </span>
              ) : (
                <span className="font-semibold">Usar outro cartão</span>
              )}
            </label>
          ))}
        </fieldset>
      ) : null}

      {/* Mounted while a saved card is chosen, so going back keeps what was typed. */}
      {cards.status !== "loading" ? (
        <div hidden={!newCard}>
          <CardForm handle={cardForm} onValidChange={setCardValid} disabled={submitting} />
        </div>
      ) : null}

      {plan ? <PriceSummary plan={plan} coupon={coupon} /> : null}

      <PayButton
        label="Assinar"
        plan={plan}
        loading={submitting}
        disabled={!ready}
        onClick={(chosen) => void subscribe(chosen)}
      />
      <p className="-mt-2 flex items-center justify-center gap-1.5 text-sm text-muted">
        <LockIcon className="size-4" /> Ambiente 100% seguro
      </p>
    </section>
  )
}
