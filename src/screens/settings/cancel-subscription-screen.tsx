import { useState } from "react"
import { ErrorState } from "../../components/error-state.tsx"
import { Header } from "../../components/header.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button, buttonVariants } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/dialog.tsx"
import { AlertCircleIcon } from "../../components/ui/icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { formatDate } from "../../domain/dates.ts"
import { errorMessage } from "../../domain/errors.ts"
import {
  CANCEL_CONFIRM,
  CANCEL_OK,
  CANCEL_REDIRECT,
  UNEXPECTED_ERROR,
} from "../../domain/messages.ts"
import type { Subscription } from "../../domain/models.ts"

export type CancelSubscriptionView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; subscription: Subscription }

export type CancelSubscriptionScreenProps = {
  view: CancelSubscriptionView
  /** Back to "Minha conta". */
  backHref: string
  onRetry: () => void
  /**
   * Cancels. With `menageUrl` the container then sends the browser there; without it the
   * container reloads the subscription and goes back.
   */
  onConfirmCancel: () => Promise<{ menageUrl?: string | null }>
}

export function CancelSubscriptionScreen({
  view,
  backHref,
  onRetry,
  onConfirmCancel,
}: CancelSubscriptionScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header title="Cancelar Assinatura" backHref={backHref} />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col p-4">
        {view.status === "loading" ? (
          <div aria-busy="true">
            <span className="sr-only">Carregando</span>
            <Skeleton className="h-56" />
          </div>
        ) : view.status === "error" ? (
          <ErrorState message={view.message} onRetry={onRetry} />
        ) : (
          <CancelConfirmation
            subscription={view.subscription}
            backHref={backHref}
            onConfirmCancel={onConfirmCancel}
          />
        )}
      </main>
    </div>
  )
}

function CancelConfirmation({
  subscription,
  backHref,
  onConfirmCancel,
}: {
  subscription: Subscription
  backHref: string
  onConfirmCancel: CancelSubscriptionScreenProps["onConfirmCancel"]
}) {
  const { showAlert } = useAlert()
  const [confirming, setConfirming] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const until = formatDate(subscription.currentPeriodEnd)

  const cancel = async () => {
    setCancelling(true)
    try {
      const result = await onConfirmCancel()
      const message = result.menageUrl ? CANCEL_REDIRECT : CANCEL_OK
      setDone(message)
      showAlert({ type: "success", message })
    } catch (error) {
      showAlert({ type: "danger", message: errorMessage(error, UNEXPECTED_ERROR) })
    } finally {
      setCancelling(false)
      // Closed before the alert is read: an open modal hides the rest of the page.
      setConfirming(false)
    }
  }

  return (
    <section aria-labelledby="cancel-title" className="flex flex-1 flex-col">
      <div className="flex flex-col gap-3 rounded-card border border-line bg-surface p-6">
        <AlertCircleIcon className="size-10 text-danger-ink" />
        <h2 id="cancel-title" className="text-xl font-semibold">
          Cancelar a assinatura do Close Friends de @{subscription.performer.username}
        </h2>
        <p>Ao cancelar, a sua assinatura será encerrada e não haverá nova cobrança.</p>
        {until ? (
          <p>
            Você continua com acesso até <strong className="tabular-nums">{until}</strong>. Depois
            dessa data, o acesso ao conteúdo será perdido.
          </p>
        ) : (
          <p>O acesso ao conteúdo termina no fim do período atual.</p>
        )}
        {done ? (
          // The alert announces it; this copy stays on the page after the alert is closed.
          <p className="rounded-field bg-brand-soft p-3 font-semibold text-brand-ink">{done}</p>
        ) : null}
      </div>
      <div className="min-h-6 flex-1" />
      <div className="flex flex-col gap-2">
        <Button variant="danger" block disabled={done !== null} onClick={() => setConfirming(true)}>
          Cancelar assinatura
        </Button>
        <AppLink href={backHref} className={buttonVariants({ variant: "secondary", block: true })}>
          Manter assinatura
        </AppLink>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CANCEL_CONFIRM}
        description={until ? `O acesso termina em ${until}.` : undefined}
        confirmLabel="Sim, cancelar"
        cancelLabel="Voltar"
        confirmVariant="danger"
        loading={cancelling}
        onConfirm={() => void cancel()}
      />
    </section>
  )
}
