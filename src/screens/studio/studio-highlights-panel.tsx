import { useState } from "react"
import { Avatar } from "../../components/avatar.tsx"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { useAlertedAction } from "../../components/ui/use-alerted-action.ts"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/dialog.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import type { Instant } from "../../domain/dates.ts"
import type { StudioHighlight, StudioStory } from "../../domain/studio.ts"
import { HighlightDialog, type HighlightDraft } from "./highlight-dialog.tsx"

export type StudioHighlightsView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; highlights: StudioHighlight[]; stories: StudioStory[] }

export type StudioHighlightsPanelProps = {
  view: StudioHighlightsView
  now: Instant
  onRetry: () => void
  onCreate: (draft: HighlightDraft) => Promise<void>
  onUpdate: (highlightId: string, draft: HighlightDraft) => Promise<void>
  onDelete: (highlightId: string) => Promise<void>
}

const count = (n: number) => (n === 1 ? "1 story" : `${n} stories`)

export function StudioHighlightsPanel({
  view,
  now,
  onRetry,
  onCreate,
  onUpdate,
  onDelete,
}: StudioHighlightsPanelProps) {
  const [editing, setEditing] = useState<StudioHighlight | "new" | null>(null)
  const [deleting, setDeleting] = useState<StudioHighlight | null>(null)
  const { busy, run } = useAlertedAction()
  const stories = view.status === "ready" ? view.stories : []

  const remove = () =>
    run(
      () => onDelete(deleting!._id),
      "Destaque apagado",
      () => setDeleting(null),
    )

  return (
    <section aria-labelledby="highlights-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="highlights-title" className="text-lg font-semibold">
          Destaques
        </h2>
        <Button disabled={stories.length === 0} onClick={() => setEditing("new")}>
          Novo destaque
        </Button>
      </div>
      {view.status === "loading" ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Carregando</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.highlights.length === 0 ? (
        <EmptyState
          message={
            stories.length
              ? "Nenhum destaque ainda. Junte stories em um destaque para eles ficarem no seu perfil."
              : "Publique stories para montar destaques."
          }
        />
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
          {view.highlights.map((highlight) => (
            <li key={highlight._id} className="flex items-center gap-3 p-3">
              <Avatar
                src={highlight.cover}
                image={highlight.coverImage}
                name={highlight.title}
                alt=""
                size="lg"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{highlight.title}</p>
                <p className="text-sm text-muted">{count(highlight.storyIds.length)}</p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Editar ${highlight.title}`}
                onClick={() => setEditing(highlight)}
              >
                Editar
              </Button>
              <Button
                variant="ghost"
                aria-label={`Apagar ${highlight.title}`}
                onClick={() => setDeleting(highlight)}
              >
                Apagar
              </Button>
            </li>
          ))}
        </ul>
      )}

      <HighlightDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        initial={editing && editing !== "new" ? editing : undefined}
        stories={stories}
        now={now}
        onSubmit={(draft) =>
          editing && editing !== "new" ? onUpdate(editing._id, draft) : onCreate(draft)
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Apagar o destaque ${deleting?.title ?? ""}?`}
        description="Os stories continuam publicados."
        confirmLabel="Apagar"
        confirmVariant="danger"
        loading={busy}
        onConfirm={() => void remove()}
      />
    </section>
  )
}
