import { formatDate, type Instant } from "../../domain/dates.ts"
import { formatBRL } from "../../domain/money.ts"
import {
  accessUntilLabel,
  pixAutomaticStateLabel,
  pixAutomaticSummary,
  type PixAutomaticState,
} from "../../domain/pix-automatic.ts"

export type PixAutomaticCardProps = {
  state: PixAutomaticState
  amountCents: number
  /** The next debit, when the recurrence is authorised. */
  nextDebitAt?: Instant | null
  /** After a failed debit: when access ends unless a one-off Pix pays. */
  accessUntil?: Instant | null
  /** Where the one-off Pix is paid (after a failed debit). */
  payHref?: string
}

const details: Record<PixAutomaticState, string> = {
  authorised: "Seu banco avisa antes de cada débito. Cancele quando quiser, até o dia anterior.",
  awaiting:
    "Abra o app do seu banco e autorize a recorrência. O primeiro período é pago na mesma leitura do QR.",
  debit_failed: "Seu banco não realizou o débito deste período. Pague com um Pix avulso.",
  cancelled: "Nenhum novo débito será feito. Você pode assinar de novo quando quiser.",
}

/** The follower's Pix Automático: authorised, awaiting authorisation, debit failed or cancelled. */
export function PixAutomaticCard({
  state,
  amountCents,
  nextDebitAt,
  accessUntil,
  payHref,
}: PixAutomaticCardProps) {
  const title = pixAutomaticStateLabel(state)
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-2 rounded-card border-2 border-line bg-surface px-4 py-3"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted">{details[state]}</p>
      {state === "authorised" && nextDebitAt ? (
        <p className="font-semibold">
          {`Próximo débito: ${formatBRL(amountCents)} em ${formatDate(nextDebitAt)}`}
        </p>
      ) : null}
      {state === "debit_failed" && accessUntil ? (
        <p role="status" className="font-semibold">
          {`Você mantém o ${accessUntilLabel(accessUntil)}.`}
        </p>
      ) : null}
      {state === "debit_failed" && payHref ? (
        <a
          href={payHref}
          className="inline-flex min-h-11 items-center justify-center rounded-card bg-brand px-4 py-2 text-center font-semibold text-white"
        >
          {`Pagar ${formatBRL(amountCents)} com Pix avulso`}
        </a>
      ) : null}
    </section>
  )
}

/** The card of a subscription paid by Pix Automático; nothing for any other way of paying. */
export function SubscriptionPixAutomaticCard({
  subscription,
  payHref,
}: {
  subscription: Parameters<typeof pixAutomaticSummary>[0]
  payHref: string
}) {
  const summary = pixAutomaticSummary(subscription)
  return summary ? <PixAutomaticCard {...summary} payHref={payHref} /> : null
}
