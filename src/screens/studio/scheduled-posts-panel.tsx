import { useState } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { Picture } from "../../components/picture.tsx"
import { useAlertedAction } from "../../components/ui/use-alerted-action.ts"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { ConfirmDialog, Dialog, DialogContent } from "../../components/ui/dialog.tsx"
import { PlayIcon } from "../../components/ui/more-icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import {
  formatScheduledFor,
  saoPauloWallClock,
  scheduledForOf,
} from "../../domain/schedule-times.ts"
import type { ScheduledPost } from "../../domain/scheduled-posts.ts"
import { ScheduleFields, scheduleError, type ScheduleValue } from "./schedule-fields.tsx"

export type ScheduledPostsView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; posts: ScheduledPost[] }

export type ScheduledPostsPanelProps = {
  view: ScheduledPostsView
  onRetry: () => void
  /** A new time, as an ISO instant. */
  onReschedule: (post: ScheduledPost, scheduledFor: string) => Promise<void>
  onPublishNow: (post: ScheduledPost) => Promise<void>
  /** Deletes the post and its files. */
  onCancel: (post: ScheduledPost) => Promise<void>
}

const kindLabel = (post: ScheduledPost) =>
  post.kind === "photo" ? "Foto" : post.media === "video" ? "Story em vídeo" : "Story em imagem"
const nameOf = (post: ScheduledPost) =>
  `${kindLabel(post)} de ${formatScheduledFor(post.scheduledFor)}`

/** Photos and stories waiting for their time: only the creator sees them until then. */
export function ScheduledPostsPanel({
  view,
  onRetry,
  onReschedule,
  onPublishNow,
  onCancel,
}: ScheduledPostsPanelProps) {
  const [moving, setMoving] = useState<ScheduledPost | null>(null)
  const [draft, setDraft] = useState<ScheduleValue>({ scheduleDate: "", scheduleTime: "" })
  const [draftChecked, setDraftChecked] = useState(false)
  const [publishing, setPublishing] = useState<ScheduledPost | null>(null)
  const [cancelling, setCancelling] = useState<ScheduledPost | null>(null)
  const { busy, run } = useAlertedAction()

  const startMoving = (post: ScheduledPost) => {
    const { date, time } = saoPauloWallClock(new Date(post.scheduledFor))
    setDraft({ scheduleDate: date, scheduleTime: time })
    setDraftChecked(false)
    setMoving(post)
  }

  const saveTime = () => {
    setDraftChecked(true)
    const at = scheduledForOf(draft)
    if (!moving || scheduleError(draft) || !at) return
    void run(
      () => onReschedule(moving, at),
      `Programado para ${formatScheduledFor(at)}`,
      () => setMoving(null),
    )
  }

  return (
    <section aria-labelledby="scheduled-title" className="flex flex-col gap-4">
      <h2 id="scheduled-title" className="text-lg font-semibold">
        Programados
      </h2>
      <p className="text-sm text-muted">
        Só você vê estes posts até a hora marcada (horário de São Paulo). Eles são publicados em até
        um minuto depois dela.
      </p>

      {view.status === "loading" ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Carregando</span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.posts.length === 0 ? (
        <EmptyState message="Nada programado. Ao enviar uma foto ou um story, escolha data e horário para publicar depois." />
      ) : (
        <ul className="flex flex-col gap-3">
          {view.posts.map((post) => (
            <li key={post._id}>
              <Card className="flex gap-3">
                <div className="flex aspect-[4/5] w-20 shrink-0 items-center self-start justify-center overflow-hidden rounded-card bg-ink text-surface">
                  {post.preview ? (
                    <Picture
                      image={post.previewImage}
                      src={post.preview}
                      sizes="80px"
                      alt=""
                      width={80}
                      height={100}
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : (
                    <PlayIcon className="size-6" />
                  )}
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <p className="text-sm font-semibold">{kindLabel(post)}</p>
                  <p className="text-sm">
                    Programado para{" "}
                    <time dateTime={post.scheduledFor}>
                      {formatScheduledFor(post.scheduledFor)}
                    </time>
                  </p>
                  {post.description ? (
                    <p className="line-clamp-1 text-sm text-muted">{post.description}</p>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      className="px-3 text-sm"
                      aria-label={`Mudar horário: ${nameOf(post)}`}
                      onClick={() => startMoving(post)}
                    >
                      Mudar horário
                    </Button>
                    <Button
                      className="px-3 text-sm"
                      aria-label={`Publicar agora: ${nameOf(post)}`}
                      onClick={() => setPublishing(post)}
                    >
                      Publicar agora
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-3 text-sm"
                      aria-label={`Cancelar: ${nameOf(post)}`}
                      onClick={() => setCancelling(post)}
                    >
                      Cancelar
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={moving !== null} onOpenChange={(open) => (open ? undefined : setMoving(null))}>
        <DialogContent title="Mudar horário">
          <ScheduleFields
            legend="Nova data e horário"
            value={draft}
            onChange={setDraft}
            error={draftChecked ? scheduleError(draft) : undefined}
          />
          <Button loading={busy} onClick={saveTime}>
            Salvar horário
          </Button>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={publishing !== null}
        onOpenChange={(open) => (open ? undefined : setPublishing(null))}
        title="Publicar agora?"
        description="Quem assina passa a ver este post a partir de agora."
        confirmLabel="Publicar agora"
        loading={busy}
        onConfirm={() =>
          void run(
            () => onPublishNow(publishing!),
            "Publicado",
            () => setPublishing(null),
          )
        }
      />

      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title="Cancelar este post?"
        description="Ele é apagado com seus arquivos e não será publicado."
        confirmLabel="Cancelar post"
        confirmVariant="danger"
        loading={busy}
        onConfirm={() =>
          void run(
            () => onCancel(cancelling!),
            "Post cancelado",
            () => setCancelling(null),
          )
        }
      />
    </section>
  )
}
