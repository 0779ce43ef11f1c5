import { useState } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { formatDate, relativeTime, type Instant } from "../../domain/dates.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { StudioReceipt } from "../../domain/models.ts"
import { formatBRL } from "../../domain/money.ts"
import { planLabel } from "../../domain/plans.ts"

export type ReceiptReviewView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; receipts: StudioReceipt[] }

export type ReceiptReviewPanelProps = {
  view: ReceiptReviewView
  now: Instant
  onRetry: () => void
  onApprove: (paymentId: string) => Promise<void>
  onReject: (paymentId: string) => Promise<void>
}

/**
 * Pix receipts sent to the creator's own key: the image beside the amount, when the follower sent
 * it and when the Pix was generated, then a decision.
 */
export function ReceiptReviewPanel({
  view,
  now,
  onRetry,
  onApprove,
  onReject,
}: ReceiptReviewPanelProps) {
  const { showAlert } = useAlert()
  const [busy, setBusy] = useState<string | null>(null)

  const decide = async (paymentId: string, approve: boolean) => {
    setBusy(`${paymentId}:${approve}`)
    try {
      await (approve ? onApprove(paymentId) : onReject(paymentId))
      showAlert({
        type: "success",
        message: approve
          ? "Pagamento aprovado: a assinatura foi liberada."
          : "Comprovante recusado.",
      })
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="receipts-title" className="flex flex-col gap-3">
      <h2 id="receipts-title" className="text-lg font-semibold">
        Comprovantes para aprovar
      </h2>
      {view.status === "loading" ? (
        <div aria-busy="true">
          <span className="sr-only">Carregando</span>
          {/* As tall as "Nenhum comprovante…", the usual answer, so the page below stays put. */}
          <Skeleton className="h-20" />
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.receipts.length === 0 ? (
        <EmptyState message="Nenhum comprovante esperando a sua análise." className="py-4" />
      ) : (
        <ul className="flex flex-col gap-3">
          {view.receipts.map((receipt) => {
            const who = receipt.subscriber.fullName ?? receipt.subscriber.email
            const id = receipt.payment.id
            return (
              <li key={id}>
                <Card
                  role="region"
                  aria-label={`Comprovante de ${who}`}
                  className="flex flex-col gap-3"
                >
                  <div className="flex gap-3">
                    {receipt.payment.receiptUrl ? (
                      <a
                        href={receipt.payment.receiptUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="shrink-0"
                      >
                        <img
                          src={receipt.payment.receiptUrl}
                          alt={`Comprovante enviado por ${who}`}
                          className="h-40 w-24 rounded-card border border-line object-cover"
                        />
                      </a>
                    ) : null}
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <p className="truncate font-semibold">{who}</p>
                      <p className="truncate text-sm text-muted">{receipt.subscriber.email}</p>
                      <p className="text-xl font-semibold tabular-nums">
                        {formatBRL(receipt.payment.amountCents)}
                      </p>
                      {receipt.receiptUploadedAt ? (
                        <p className="text-sm font-semibold">
                          {`Comprovante enviado em ${formatDate(receipt.receiptUploadedAt)} (${relativeTime(receipt.receiptUploadedAt, now)})`}
                        </p>
                      ) : null}
                      <p className="text-sm text-muted">
                        {receipt.plan
                          ? `Plano ${planLabel(receipt.plan.name).toLowerCase()} · `
                          : ""}
                        {`Pix gerado em ${formatDate(receipt.payment.createdAt)}`}
                      </p>
                      {receipt.receiptEndToEndId ? (
                        <p className="text-sm break-all">
                          ID da transação:{" "}
                          <span className="font-mono">{receipt.receiptEndToEndId}</span>
                        </p>
                      ) : null}
                      <p className="text-sm">Confira no extrato do seu banco antes de aprovar.</p>
                    </div>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      className="flex-1"
                      loading={busy === `${id}:false`}
                      disabled={busy !== null}
                      onClick={() => void decide(id, false)}
                    >
                      Recusar
                    </Button>
                    <Button
                      className="flex-1"
                      loading={busy === `${id}:true`}
                      disabled={busy !== null}
                      onClick={() => void decide(id, true)}
                    >
                      Aprovar
                    </Button>
                  </div>
                </Card>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
