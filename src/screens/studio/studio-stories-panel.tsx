import { useState } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import {
  LazyConfirmDialog,
  preloadConfirmDialog,
} from "../../components/ui/lazy-confirm-dialog.tsx"
import { InfoIcon } from "../../components/ui/icons.tsx"
import { PlayIcon, TrashIcon } from "../../components/ui/more-icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { UploadProgress } from "../../components/upload-progress.tsx"
import { relativeTime, type Instant } from "../../domain/dates.ts"
import { errorMessage } from "../../domain/errors.ts"
import { studioStoriesPerRow, studioStorySizes } from "../../domain/studio-images.ts"
import { videoProcessingUnavailableMessage } from "../../domain/studio-rules.ts"
import type { StudioStories, StudioStory } from "../../domain/studio.ts"
import type { UploadControl } from "../../domain/uploads.ts"
import { formatScheduledFor, scheduledForOf } from "../../domain/schedule-times.ts"
import { noSchedule, ScheduleFields, scheduleError } from "./schedule-fields.tsx"
import { FileButton } from "./studio-fields.tsx"
import { StoryThumbnail } from "./story-thumbnail.tsx"
import { useUpload } from "./studio-upload.ts"
import { useFirstRowSettled } from "./use-first-row-settled.ts"

export type StudioStoriesView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | ({ status: "ready" } & StudioStories)

export type StudioStoriesPanelProps = {
  view: StudioStoriesView
  now: Instant
  onRetry: () => void
  /**
   * Sends the story (kept for `scheduledFor`, an ISO instant, or published now when null),
   * reporting its progress to `control` and stopping when its signal aborts.
   */
  onUpload: (file: File, scheduledFor: string | null, control: UploadControl) => Promise<void>
  onDelete: (storyId: string) => Promise<void>
}

export const STORY_ACCEPT = "video/mp4,video/webm,image/jpeg,image/png,image/webp"
export const STORY_POSTED = "Story publicado"

/** Whether a tile draws a picture (a video still without its poster draws its icon). */
const hasPicture = (story: StudioStory) => Boolean(story.image?.src ?? story.displayUrl)

const views = (n: number) => (n === 1 ? "1 visualização" : `${n} visualizações`)

export function StudioStoriesPanel({
  view,
  now,
  onRetry,
  onUpload,
  onDelete,
}: StudioStoriesPanelProps) {
  const { showAlert } = useAlert()
  const upload = useUpload("story")
  const [deleting, setDeleting] = useState<StudioStory | null>(null)
  const [busyDelete, setBusyDelete] = useState(false)
  const [schedule, setSchedule] = useState(noSchedule)
  const [scheduleChecked, setScheduleChecked] = useState(false)
  const scheduledFor = scheduledForOf(schedule)
  const firstRowPictures =
    view.status === "ready"
      ? view.stories.slice(0, studioStoriesPerRow).filter(hasPicture).length
      : studioStoriesPerRow
  const firstRowLoad = useFirstRowSettled(firstRowPictures)

  // The time is checked when the file is picked: a wrong one sends nothing.
  const send = async (file: File) => {
    setScheduleChecked(true)
    if (scheduleError(schedule)) return
    const success = scheduledFor
      ? `Story programado para ${formatScheduledFor(scheduledFor)}`
      : STORY_POSTED
    const sent = await upload.run(file, (control) => onUpload(file, scheduledFor, control), success)
    if (sent) {
      setSchedule(noSchedule)
      setScheduleChecked(false)
    }
  }

  const confirmDelete = async () => {
    if (!deleting) return
    setBusyDelete(true)
    try {
      await onDelete(deleting._id)
      showAlert({ type: "success", message: "Story apagado" })
      setDeleting(null)
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    } finally {
      setBusyDelete(false)
    }
  }

  return (
    <section aria-labelledby="stories-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="stories-title" className="text-lg font-semibold">
          Stories
        </h2>
        <FileButton
          label={scheduledFor ? "Programar story" : "Enviar story"}
          accept={STORY_ACCEPT}
          disabled={upload.busy}
          onPick={(file) => void send(file)}
        />
      </div>
      <ScheduleFields
        value={schedule}
        onChange={setSchedule}
        error={scheduleChecked ? scheduleError(schedule) : undefined}
        disabled={upload.busy}
      />
      <p className="text-sm text-muted">
        Vídeo em MP4 ou WebM de até 100 MB, ou imagem de até 10 MB (fica 5 segundos na tela).
      </p>
      <UploadProgress {...upload.progress} />
      {view.status === "ready" && view.videoProcessing === "unavailable" ? (
        <p className="flex items-start gap-2 rounded-card bg-warning-soft p-3 text-sm text-warning-ink">
          <InfoIcon className="mt-0.5 shrink-0" />
          {videoProcessingUnavailableMessage}
        </p>
      ) : null}

      {view.status === "loading" ? (
        <div aria-busy="true" className="grid grid-cols-3 gap-2">
          <span className="sr-only">Carregando</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[9/16]" />
          ))}
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.stories.length === 0 ? (
        <EmptyState message="Você ainda não publicou stories. Envie o primeiro: quem assina vê o anel verde no seu perfil." />
      ) : (
        <ul className="grid grid-cols-3 gap-2">
          {view.stories.map((story, index) => {
            const when = relativeTime(story.createdAt, now)
            const firstRow = index < studioStoriesPerRow
            return (
              <li key={story._id} className="flex flex-col gap-1">
                <div className="relative aspect-[9/16] overflow-hidden rounded-card bg-ink">
                  {/* The first row shows as the page opens (its largest picture): fetched at
                      once; the rows below once it has arrived. */}
                  {firstRow || firstRowLoad.settled ? (
                    <StoryThumbnail
                      story={story}
                      sizes={studioStorySizes}
                      loading={firstRow ? "eager" : "lazy"}
                      fetchPriority={firstRow ? "high" : "low"}
                      onSettled={firstRow ? firstRowLoad.onSettled : undefined}
                      fallback={
                        <span className="flex size-full items-center justify-center text-surface">
                          <PlayIcon className="size-8" />
                        </span>
                      }
                    />
                  ) : null}
                  {story.processed ? null : (
                    <span className="absolute inset-x-1 top-1 rounded-full bg-black/70 px-2 py-1 text-center text-xs font-semibold text-white">
                      processando
                    </span>
                  )}
                  <Button
                    variant="ghost"
                    aria-label={`Apagar story de ${when}`}
                    className="absolute right-1 bottom-1 size-11 bg-black/60 px-0 text-white hover:bg-black/80"
                    onPointerEnter={preloadConfirmDialog}
                    onFocus={preloadConfirmDialog}
                    onClick={() => setDeleting(story)}
                  >
                    <TrashIcon />
                  </Button>
                </div>
                <p className="text-xs text-muted">
                  {story.kind === "image" ? "Imagem" : "Vídeo"} · {when}
                </p>
                <p className="text-xs font-semibold">{views(story.stats.users)}</p>
              </li>
            )
          })}
        </ul>
      )}

      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Apagar este story?"
        description="Ele some do seu perfil e dos destaques em que aparece."
        confirmLabel="Apagar"
        confirmVariant="danger"
        loading={busyDelete}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  )
}
