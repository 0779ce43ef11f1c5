import { useState } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { formatDateTime } from "../../domain/admin-labels.ts"
import type { DeadMail } from "../../domain/dead-mail.ts"
import { errorMessage } from "../../domain/errors.ts"

export type AdminMailView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; mails: DeadMail[] }

export type AdminMailScreenProps = {
  view: AdminMailView
  onRetry: () => void
  /** Sends the mail again; rejects with the API error (it was already resent, for one). */
  onResend: (mailId: string) => Promise<void>
}

const tries = (n: number) => (n === 1 ? "1 tentativa" : `${n} tentativas`)

export function AdminMailScreen({ view, onRetry, onResend }: AdminMailScreenProps) {
  const { showAlert } = useAlert()
  const [busy, setBusy] = useState<string | null>(null)

  const resend = async (mail: DeadMail) => {
    setBusy(mail.id)
    try {
      await onResend(mail.id)
      showAlert({ type: "success", message: `E-mail reenviado para ${mail.to}.` })
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <p className="text-muted">
        E-mails que o servidor de e-mail recusou em todas as tentativas automáticas. Confira o
        destinatário e reenvie quando o problema estiver resolvido.
      </p>
      {view.status === "loading" ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Carregando</span>
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.mails.length === 0 ? (
        <EmptyState
          title="Nenhum e-mail parado"
          message="Todos os e-mails foram entregues ou ainda estão nas tentativas automáticas."
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {view.mails.map((mail) => (
            <li key={mail.id}>
              <Card
                role="region"
                aria-labelledby={`mail-${mail.id}`}
                className="flex flex-col gap-2"
              >
                <h2 id={`mail-${mail.id}`} className="flex flex-col">
                  <span className="font-semibold">{mail.subject}</span>
                  <span className="text-sm break-all">Para: {mail.to}</span>
                </h2>
                <p className="text-sm text-muted tabular-nums">
                  {tries(mail.attempts)}
                  {mail.failedAt ? ` · parado desde ${formatDateTime(mail.failedAt)}` : ""}
                  {` · criado em ${formatDateTime(mail.createdAt)}`}
                </p>
                {mail.lastError ? (
                  <p className="text-sm break-words">
                    <span className="font-semibold">Último erro:</span> {mail.lastError}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button
                    loading={busy === mail.id}
                    aria-describedby={`mail-${mail.id}`}
                    onClick={() => void resend(mail)}
                  >
                    Reenviar
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
