import { useState } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { StatusPill } from "../../components/status-pill.tsx"
import { useAlertedAction } from "../../components/ui/use-alerted-action.ts"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import {
  LazyConfirmDialog,
  preloadConfirmDialog,
} from "../../components/ui/lazy-confirm-dialog.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import type { AdminCreator } from "../../domain/admin.ts"
import { formatDate } from "../../domain/dates.ts"

export type AdminCreatorsView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; creators: AdminCreator[] }

export type AdminCreatorsScreenProps = {
  view: AdminCreatorsView
  query: string
  onQueryChange: (query: string) => void
  onRetry: () => void
  onSetBanned: (profileId: string, banned: boolean) => Promise<void>
}

const subscribers = (n: number) => (n === 1 ? "1 assinante ativo" : `${n} assinantes ativos`)

export function AdminCreatorsScreen({
  view,
  query,
  onQueryChange,
  onRetry,
  onSetBanned,
}: AdminCreatorsScreenProps) {
  const [target, setTarget] = useState<AdminCreator | null>(null)
  const { busy, run } = useAlertedAction()
  const banning = !target?.banned

  const confirm = () =>
    run(
      () => onSetBanned(target!.profileId, banning),
      banning ? `@${target!.username} foi banida` : `@${target!.username} foi reativada`,
      () => setTarget(null),
    )

  return (
    <>
      <TextField
        label="Buscar por usuário, nome ou e-mail"
        type="search"
        value={query}
        onChange={onQueryChange}
      />
      {view.status === "loading" ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Carregando</span>
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.creators.length === 0 ? (
        <EmptyState message="Nenhuma criadora encontrada." />
      ) : (
        <ul className="flex flex-col gap-2">
          {view.creators.map((creator) => (
            <li key={creator.profileId}>
              <Card
                role="region"
                aria-label={`@${creator.username}`}
                className="flex flex-col gap-2"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{creator.fullName}</p>
                    <AppLink href={`/${creator.username}`} className="text-sm text-link underline">
                      /{creator.username}
                    </AppLink>
                  </div>
                  {creator.banned ? <StatusPill tone="danger">Banida</StatusPill> : null}
                  {creator.migrating ? (
                    <StatusPill tone="warning">Vendas pausadas</StatusPill>
                  ) : null}
                </div>
                <p className="text-sm break-all text-muted">{creator.email}</p>
                <p className="text-sm">
                  {subscribers(creator.activeSubscribers)} · desde {formatDate(creator.createdAt)}
                </p>
                <Button
                  variant={creator.banned ? "secondary" : "danger"}
                  className="self-start"
                  onPointerEnter={preloadConfirmDialog}
                  onFocus={preloadConfirmDialog}
                  onClick={() => setTarget(creator)}
                >
                  {creator.banned ? "Reativar" : "Banir"}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LazyConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title={
          banning ? `Banir @${target?.username ?? ""}?` : `Reativar @${target?.username ?? ""}?`
        }
        description={
          banning
            ? "A página passa a mostrar que o perfil está indisponível, nada mais é vendido e o estúdio dela fecha."
            : "A página volta ao ar com os planos dela e o estúdio reabre."
        }
        confirmLabel={banning ? "Banir" : "Reativar"}
        confirmVariant={banning ? "danger" : "primary"}
        loading={busy}
        onConfirm={() => void confirm()}
      />
    </>
  )
}
