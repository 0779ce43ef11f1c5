import { useState } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { LoadMore, type LoadMoreState } from "../../components/load-more.tsx"
import { StatusPill, type StatusPillProps } from "../../components/status-pill.tsx"
import { useAlertedAction } from "../../components/ui/use-alerted-action.ts"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import {
  LazyConfirmDialog,
  preloadConfirmDialog,
} from "../../components/ui/lazy-confirm-dialog.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import { formatDate } from "../../domain/dates.ts"
import { paymentMethods, subscriptionStatuses } from "../../domain/model-names.ts"
import type { PaymentMethod } from "../../domain/models.ts"
import { planLabel } from "../../domain/plans.ts"
import { statusLabel } from "../../domain/statuses.ts"
import { PAYMENT_METHOD_LABELS, type SubscriberFilter } from "../../domain/studio-rules.ts"
import type { StudioSubscriber } from "../../domain/studio.ts"
import { ReceiptReviewPanel, type ReceiptReviewPanelProps } from "./receipt-review-panel.tsx"
import { SelectField } from "./studio-fields.tsx"
import { VipInvitesPanel, type VipInvitesPanelProps } from "./vip-invites-panel.tsx"

export type SubscribersFilters = {
  q: string
  status: SubscriberFilter | "all"
  method: PaymentMethod | "all"
}

export type StudioSubscribersView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; subscribers: StudioSubscriber[]; more?: LoadMoreState | null }

export type StudioSubscribersScreenProps = {
  view: StudioSubscribersView
  filters: SubscribersFilters
  onFiltersChange: (filters: SubscribersFilters) => void
  onRetry: () => void
  /** The next page of subscribers (as the list's foot comes into view, or "Carregar mais"). */
  onLoadMore?: () => void
  /** The lista VIP's invitations: the form and those waiting for an answer. */
  vip: VipInvitesPanelProps
  onRemoveVip: (subscriptionId: string) => Promise<void>
  receipts: ReceiptReviewPanelProps
}

const statusOptions = [
  { value: "all" as const, label: "Todos" },
  { value: "active" as const, label: "Com acesso agora" },
  ...subscriptionStatuses.map((status) => ({ value: status, label: statusLabel(status) })),
]
const methodOptions = [
  { value: "all" as const, label: "Todas" },
  ...paymentMethods.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] })),
]

const tone = (subscriber: StudioSubscriber): StatusPillProps["tone"] =>
  subscriber.active ? "success" : subscriber.status === "pending" ? "warning" : "neutral"

export function StudioSubscribersScreen({
  view,
  filters,
  onFiltersChange,
  onRetry,
  onLoadMore,
  vip,
  onRemoveVip,
  receipts,
}: StudioSubscribersScreenProps) {
  const [removing, setRemoving] = useState<StudioSubscriber | null>(null)
  const { busy, run } = useAlertedAction()
  const set = (change: Partial<SubscribersFilters>) => onFiltersChange({ ...filters, ...change })

  const remove = () =>
    run(
      () => onRemoveVip(removing!.subscriptionId),
      "Removida da lista VIP",
      () => setRemoving(null),
    )

  return (
    <>
      <ReceiptReviewPanel {...receipts} />
      <VipInvitesPanel {...vip} />

      <section aria-labelledby="subscribers-title" className="flex flex-col gap-3">
        <h2 id="subscribers-title" className="text-lg font-semibold">
          Assinantes
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Buscar por e-mail ou nome"
            type="search"
            value={filters.q}
            onChange={(q) => set({ q })}
          />
          <SelectField
            label="Status"
            value={filters.status}
            options={statusOptions}
            onChange={(status) => set({ status })}
          />
          <SelectField
            label="Forma de pagamento"
            value={filters.method}
            options={methodOptions}
            onChange={(method) => set({ method })}
          />
        </div>
        {view.status === "loading" ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">Carregando</span>
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : view.status === "error" ? (
          <ErrorState message={view.message} onRetry={onRetry} />
        ) : view.subscribers.length === 0 ? (
          <EmptyState
            message={
              filters.q || filters.status !== "all" || filters.method !== "all"
                ? "Ninguém encontrado com esses filtros."
                : "Você ainda não tem assinantes. Divulgue o link da sua página!"
            }
          />
        ) : (
          <ul className="flex flex-col gap-2">
            {view.subscribers.map((subscriber) => (
              <li key={subscriber.subscriptionId}>
                <SubscriberCard subscriber={subscriber} onRemove={() => setRemoving(subscriber)} />
              </li>
            ))}
          </ul>
        )}
        {view.status === "ready" && view.more ? (
          <LoadMore
            state={view.more}
            onLoadMore={() => onLoadMore?.()}
            label="Carregar mais assinantes"
            endMessage="Esses são todos os assinantes."
          />
        ) : null}
      </section>

      <LazyConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Tirar da lista VIP?"
        description={`${removing?.email ?? ""} perde o acesso agora e pode assinar depois, se quiser.`}
        confirmLabel="Tirar da lista"
        confirmVariant="danger"
        loading={busy}
        onConfirm={() => void remove()}
      />
    </>
  )
}

function SubscriberCard({
  subscriber,
  onRemove,
}: {
  subscriber: StudioSubscriber
  onRemove: () => void
}) {
  const rows: [string, string][] = [
    ["Plano", subscriber.plan ? planLabel(subscriber.plan) : "—"],
    ["Início", formatDate(subscriber.createdAt)],
    [
      "Fim do período",
      subscriber.currentPeriodEnd
        ? formatDate(subscriber.currentPeriodEnd)
        : subscriber.status === "whitelist"
          ? "Sem data de fim"
          : "—",
    ],
    ["Pagamento", subscriber.paymentMethod ? PAYMENT_METHOD_LABELS[subscriber.paymentMethod] : "—"],
  ]
  return (
    <Card role="region" aria-label={subscriber.email} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-[12rem] flex-1">
          <p className="truncate font-semibold">{subscriber.fullName ?? subscriber.email}</p>
          {subscriber.fullName ? (
            <p className="truncate text-sm text-muted">{subscriber.email}</p>
          ) : null}
        </div>
        <StatusPill tone={tone(subscriber)}>{statusLabel(subscriber.status)}</StatusPill>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {subscriber.paymentStatus === "analyzing" ? (
        <p className="text-sm text-warning-ink">Comprovante em análise</p>
      ) : null}
      {subscriber.status === "whitelist" ? (
        <Button
          variant="secondary"
          className="self-start"
          onPointerEnter={preloadConfirmDialog}
          onFocus={preloadConfirmDialog}
          onClick={onRemove}
        >
          Tirar da lista VIP
        </Button>
      ) : null}
    </Card>
  )
}
