import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { Card } from "../../components/ui/card.tsx"
import { cn } from "../../components/ui/cn.ts"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import { auditActorLabel, formatDateTime } from "../../domain/admin-labels.ts"
import type { AdminAudit, AdminSubscription } from "../../domain/admin.ts"
import { formatDate } from "../../domain/dates.ts"
import { planLabel } from "../../domain/plans.ts"
import { statusLabel } from "../../domain/statuses.ts"

type Loadable<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | ({ status: "ready" } & T)

export type AdminAuditScreenProps = {
  query: string
  onQueryChange: (query: string) => void
  results: Loadable<{ subscriptions: AdminSubscription[] }>
  selectedId: string | null
  onSelect: (subscriptionId: string) => void
  audit: Loadable<{ audit: AdminAudit }>
  onRetry: () => void
}

const entityLabels = { subscription: "Assinatura", payment: "Pagamento" } as const

function Loading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <span className="sr-only">Carregando</span>
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
    </div>
  )
}

export function AdminAuditScreen({
  query,
  onQueryChange,
  results,
  selectedId,
  onSelect,
  audit,
  onRetry,
}: AdminAuditScreenProps) {
  return (
    <>
      <TextField
        label="Buscar por e-mail de quem assina ou usuário da criadora"
        hint="Pelo menos 3 caracteres"
        type="search"
        value={query}
        onChange={onQueryChange}
      />
      <section aria-labelledby="results-title" className="flex flex-col gap-2">
        <h2 id="results-title" className="text-lg font-semibold">
          Assinaturas
        </h2>
        {results.status === "idle" ? (
          <p className="text-muted">Busque uma assinatura para ver o histórico dela.</p>
        ) : results.status === "loading" ? (
          <Loading />
        ) : results.status === "error" ? (
          <ErrorState message={results.message} onRetry={onRetry} />
        ) : results.subscriptions.length === 0 ? (
          <EmptyState message="Nenhuma assinatura encontrada." className="py-4" />
        ) : (
          <ul className="flex flex-col gap-2">
            {results.subscriptions.map((item) => (
              <li key={item.subscriptionId}>
                <button
                  type="button"
                  aria-pressed={item.subscriptionId === selectedId}
                  onClick={() => onSelect(item.subscriptionId)}
                  className={cn(
                    "flex min-h-11 w-full flex-col rounded-card border-2 bg-surface p-3 text-left",
                    item.subscriptionId === selectedId
                      ? "border-brand"
                      : "border-line hover:border-muted",
                  )}
                >
                  <span className="font-semibold break-all">{item.subscriberEmail}</span>
                  <span className="text-sm text-muted">
                    @{item.creatorUsername} · {statusLabel(item.status)}
                    {item.plan ? ` · ${planLabel(item.plan)}` : ""}
                    {item.currentPeriodEnd ? ` · até ${formatDate(item.currentPeriodEnd)}` : ""}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {audit.status === "idle" ? null : (
        <section aria-labelledby="audit-title" className="flex flex-col gap-2">
          <h2 id="audit-title" className="text-lg font-semibold">
            Histórico
          </h2>
          {audit.status === "loading" ? (
            <Loading />
          ) : audit.status === "error" ? (
            <ErrorState message={audit.message} onRetry={onRetry} />
          ) : audit.audit.entries.length === 0 ? (
            <EmptyState
              message="Nenhuma mudança registrada para esta assinatura."
              className="py-4"
            />
          ) : (
            <Card padding="none">
              <ol className="divide-y divide-line">
                {audit.audit.entries.map((entry) => (
                  <li key={entry.id} className="flex flex-col gap-0.5 p-3">
                    <p className="text-sm text-muted tabular-nums">
                      {formatDateTime(entry.createdAt)}
                    </p>
                    <p className="font-semibold">
                      {entityLabels[entry.entity]}:{" "}
                      {entry.fromStatus ? `${statusLabel(entry.fromStatus)} → ` : ""}
                      {statusLabel(entry.toStatus)}
                    </p>
                    <p className="text-sm">
                      {auditActorLabel(entry.actor, {
                        buyerId: audit.audit.subscription.subscriberAccountId,
                        creatorId: audit.audit.subscription.creatorAccountId,
                      })}
                      {entry.reason ? ` · ${entry.reason}` : ""}
                    </p>
                  </li>
                ))}
              </ol>
            </Card>
          )}
        </section>
      )}
    </>
  )
}
