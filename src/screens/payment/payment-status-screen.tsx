import { lazy, Suspense } from "react"
import { ErrorState } from "../../components/error-state.tsx"
import { Button } from "../../components/ui/button.tsx"
import { RefreshIcon } from "../../components/ui/more-icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import type { Profile, Subscription } from "../../domain/models.ts"
import type { SandboxActions } from "../checkout/sandbox-controls.tsx"
import { SubscriptionPixAutomaticCard } from "../settings/pix-automatic-card.tsx"
import { PaymentLayout } from "./payment-layout.tsx"
import { PaymentStatusContent, type PaymentStatusContentProps } from "./payment-status-content.tsx"
import { paymentStatusKind } from "./payment-status-kind.ts"

// Only the test environment shows its buttons: production pages never load them.
const SandboxControls = lazy(async () => ({
  default: (await import("../checkout/sandbox-controls.tsx")).SandboxControls,
}))

export type PaymentStatusView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; subscription: Subscription | null }

export type PaymentStatusScreenProps = {
  view: PaymentStatusView
  profile: Pick<Profile, "fullName" | "paymentGateway" | "pix">
  /** Seconds until the next automatic refresh; the container ticks it from 5 down. */
  secondsToRefresh: number
  /** A refresh is under way. */
  refreshing?: boolean
  /** Reload now (the refresh button, and "Tentar novamente" after a load error). */
  onRefresh: () => void
  profileHref: string
  /** Where to choose a plan or another payment method. */
  paymentHref: string
  /**
   * Test environment only: settle the payment waiting here as the bank or the gateway's page
   * would (a Mercado Pago card or link ends on this page in the sandbox).
   */
  sandbox?: SandboxActions
} & Pick<
  PaymentStatusContentProps,
  "onUploadReceipt" | "onOpenBoleto" | "clock" | "copyToClipboard" | "updateCardHref"
>

export function PaymentStatusScreen({
  view,
  profile,
  secondsToRefresh,
  refreshing = false,
  onRefresh,
  sandbox,
  ...content
}: PaymentStatusScreenProps) {
  return (
    <PaymentLayout title="Status do pagamento" step={3} backHref={content.profileHref}>
      {view.status === "loading" ? <StatusSkeleton /> : null}
      {view.status === "error" ? (
        <ErrorState
          title="Não foi possível carregar o pagamento"
          message={view.message}
          onRetry={onRefresh}
          retrying={refreshing}
        />
      ) : null}
      {view.status === "ready" ? (
        <>
          <RefreshBar seconds={secondsToRefresh} refreshing={refreshing} onRefresh={onRefresh} />
          <PaymentStatusContent
            kind={paymentStatusKind(view.subscription, profile.paymentGateway)}
            payment={view.subscription?.payment ?? null}
            profile={profile}
            {...content}
          />
          <SubscriptionPixAutomaticCard
            subscription={view.subscription}
            payHref={content.paymentHref}
          />
          {sandbox && isSettleable(view.subscription) ? (
            <Suspense fallback={null}>
              <SandboxControls {...sandbox} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </PaymentLayout>
  )
}

/** A payment the bank or the gateway has yet to answer. */
function isSettleable(subscription: Subscription | null) {
  const status = subscription?.payment?.status
  return status === "pending" || status === "analyzing"
}

function RefreshBar({
  seconds,
  refreshing,
  onRefresh,
}: {
  seconds: number
  refreshing: boolean
  onRefresh: () => void
}) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-card border border-line bg-surface py-1 pr-1 pl-4">
      {/* A timer is not announced every second; the status heading below is what changes. */}
      <p role="timer" aria-label="Próxima atualização" className="text-sm text-muted tabular-nums">
        {refreshing ? "Atualizando..." : `Atualizando em ${Math.max(0, seconds)}`}
      </p>
      <Button variant="ghost" onClick={onRefresh} disabled={refreshing}>
        <RefreshIcon />
        Atualizar
      </Button>
    </div>
  )
}

function StatusSkeleton() {
  return (
    <section aria-busy="true" className="flex flex-col items-center gap-4">
      <h2 className="sr-only">Carregando pagamento</h2>
      <Skeleton className="h-12 w-full" />
      <Skeleton shape="circle" className="size-14" />
      <Skeleton shape="text" className="w-2/3" />
      <Skeleton shape="text" className="w-full" />
      <Skeleton shape="text" className="w-5/6" />
      <Skeleton className="h-11 w-full" />
    </section>
  )
}
