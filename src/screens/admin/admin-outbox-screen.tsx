import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import type { OutboxPage } from "../../domain/sandbox-outbox.ts"
import { OutboxMailCard } from "./outbox-mail-card.tsx"

export type AdminOutboxView =
  { status: "loading" } | { status: "error"; message: string } | ({ status: "ready" } & OutboxPage)

export type AdminOutboxScreenProps = {
  view: AdminOutboxView
  onRetry: () => void
  /** Shows another page: 1 is the newest mails. */
  onPage: (page: number) => void
}

export function AdminOutboxScreen({ view, onRetry, onPage }: AdminOutboxScreenProps) {
  return (
    <>
      <p className="text-muted">
        No modo sandbox os e-mails não vão a ninguém: ficam aqui, do mais novo ao mais antigo, para
        a demonstração (códigos de recuperação, convites, avisos de cobrança).
      </p>
      {view.status === "loading" ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Carregando</span>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.total === 0 ? (
        <EmptyState
          title="Nenhum e-mail enviado"
          message="Peça um código de recuperação ou convide uma criadora e o e-mail aparece aqui."
        />
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {view.mails.map((mail) => (
              <li key={mail.id}>
                <OutboxMailCard mail={mail} />
              </li>
            ))}
          </ul>
          {view.pageCount > 1 ? (
            <nav aria-label="Páginas da caixa de saída" className="flex items-center gap-2">
              <Button
                variant="secondary"
                disabled={view.page <= 1}
                onClick={() => onPage(view.page - 1)}
              >
                Mais novos
              </Button>
              <p className="text-sm text-muted tabular-nums">
                Página {view.page} de {view.pageCount}
              </p>
              <Button
                variant="secondary"
                disabled={view.page >= view.pageCount}
                onClick={() => onPage(view.page + 1)}
              >
                Mais antigos
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </>
  )
}
