import { useRef, useState } from "react"
import { ErrorState } from "../../components/error-state.tsx"
import { Header } from "../../components/header.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button, buttonVariants } from "../../components/ui/button.tsx"
import type { FormHandle } from "../../components/ui/form-handle.ts"
import { LockIcon } from "../../components/ui/icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { cardTokenErrorMessage } from "../../domain/card-errors.ts"
import { serverErrorMessage } from "../../domain/errors.ts"
import { formatBRL } from "../../domain/money.ts"
import type { CardFormOutput } from "../../domain/validation.ts"
import { CardForm, type CardToken, type TokenizeCard } from "../checkout/card-form-fields.tsx"
import { StatusMessage } from "../payment/status-message.tsx"

export type UpdateCardView =
  | { status: "loading" }
  | { status: "error"; message: string }
  /** `due`: a refused or overdue card payment, paid with the new card. */
  | { status: "ready"; creatorName: string; due: { amountCents: number } | null }

export type NewCard = CardToken &
  Pick<CardFormOutput, "accountName" | "accountDocument" | "cardHolderName">

export type UpdateCardScreenProps = {
  view: UpdateCardView
  /** Back to "Minha conta". */
  backHref: string
  profileHref: string
  onRetry: () => void
  tokenizeCard: TokenizeCard
  /** Saves the card (and pays what is due); rejects with the server's answer. */
  onSubmit: (card: NewCard) => Promise<void>
}

export const UPDATE_CARD_ERROR = "Houve um erro ao atualizar o seu cartão."

/** "Atualizar cartão" (spec §7, other calls): the renewal card, or a new card for a refused payment. */
export function UpdateCardScreen({ view, backHref, onRetry, ...form }: UpdateCardScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header title="Atualizar cartão" backHref={backHref} />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col p-4">
        {view.status === "loading" ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span className="sr-only">Carregando</span>
            <Skeleton className="h-16" />
            <Skeleton className="h-80" />
          </div>
        ) : view.status === "error" ? (
          <ErrorState message={view.message} onRetry={onRetry} />
        ) : (
          <UpdateCardForm
            {...form}
            creatorName={view.creatorName}
            due={view.due}
            backHref={backHref}
          />
        )}
      </main>
    </div>
  )
}

function UpdateCardForm({
  creatorName,
  due,
  backHref,
  profileHref,
  tokenizeCard,
  onSubmit,
}: Omit<UpdateCardScreenProps, "view" | "onRetry"> & {
  creatorName: string
  due: { amountCents: number } | null
}) {
  const { showAlert } = useAlert()
  const cardForm = useRef<FormHandle<CardFormOutput>>(null)
  const [cardValid, setCardValid] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  // What the submit did, kept: the reloaded subscription has nothing due any more.
  const [done, setDone] = useState<"paid" | "updated" | null>(null)

  async function submit() {
    const values = await cardForm.current?.submit()
    if (!values) return
    setSubmitting(true)
    try {
      const { cardNumber, cardHolderName, cardExpDate, cardCVV, accountName, accountDocument } =
        values
      let token: CardToken
      try {
        token = await tokenizeCard({ cardNumber, cardHolderName, cardExpDate, cardCVV })
      } catch (error) {
        showAlert({ type: "danger", message: cardTokenErrorMessage(error) })
        return
      }
      await onSubmit({ ...token, accountName, accountDocument, cardHolderName })
      setDone(due ? "paid" : "updated")
    } catch (error) {
      // A refusal by the bank arrives as the server's message; a lost connection as the client's.
      showAlert({ type: "danger", message: serverErrorMessage(error, UPDATE_CARD_ERROR) })
    } finally {
      setSubmitting(false)
    }
  }

  if (done)
    return (
      <StatusMessage
        tone="success"
        title={done === "paid" ? "Pagamento aprovado" : "Cartão atualizado"}
        footer={
          <AppLink
            href={done === "paid" ? profileHref : backHref}
            className={buttonVariants({ variant: "primary", block: true })}
          >
            {done === "paid" ? "Ir para o perfil" : "Voltar para Minha conta"}
          </AppLink>
        }
      >
        <p>
          {done === "paid"
            ? `Tudo certo! Seu acesso ao Close Friends de ${creatorName} está liberado, e as próximas renovações usam este cartão.`
            : "As próximas renovações da sua assinatura usam este cartão."}
        </p>
      </StatusMessage>
    )

  return (
    <div className="flex flex-1 flex-col gap-4">
      <p className="text-muted">
        {due
          ? `O último pagamento no cartão não foi aprovado. Cadastre um cartão para pagar ${formatBRL(due.amountCents)} e continuar com o Close Friends de ${creatorName}.`
          : `O novo cartão será usado nas próximas renovações do Close Friends de ${creatorName}.`}
      </p>
      {/* Each field says what is wrong once left or filled; paying waits for all of them. */}
      <CardForm handle={cardForm} onValidChange={setCardValid} disabled={submitting} />
      <div className="sticky bottom-0 -mx-4 mt-auto flex flex-col gap-2 bg-canvas px-4 pt-2 pb-4 md:static md:mx-0 md:px-0">
        <Button block loading={submitting} disabled={!cardValid} onClick={() => void submit()}>
          {due ? `Pagar ${formatBRL(due.amountCents)}` : "Salvar cartão"}
        </Button>
        <p className="flex items-center justify-center gap-1.5 text-sm text-muted">
          <LockIcon className="size-4" /> Ambiente 100% seguro
        </p>
      </div>
    </div>
  )
}
