import { useEffect, useState } from "react"
import { EmptyState } from "../../components/empty-state.tsx"
import { ErrorState } from "../../components/error-state.tsx"
import { Picture } from "../../components/picture.tsx"
import { useAlertedAction } from "../../components/ui/use-alerted-action.ts"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { ConfirmDialog, Dialog, DialogContent } from "../../components/ui/dialog.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { UploadProgress } from "../../components/upload-progress.tsx"
import { formatDate } from "../../domain/dates.ts"
import { DESCRIPTION_MAX, descriptionMessage } from "../../domain/studio-rules.ts"
import type { StudioMedia } from "../../domain/studio.ts"
import type { UploadControl } from "../../domain/uploads.ts"
import { HeartIcon, TrashIcon } from "../../components/ui/more-icons.tsx"
import { formatScheduledFor, scheduledForOf } from "../../domain/schedule-times.ts"
import { noSchedule, ScheduleFields, scheduleError } from "./schedule-fields.tsx"
import { FileButton, TextAreaField } from "./studio-fields.tsx"
import { useUpload } from "./studio-upload.ts"

export type StudioPhotosView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; medias: StudioMedia[] }

export type StudioPhotosPanelProps = {
  view: StudioPhotosView
  onRetry: () => void
  /**
   * Sends the photo (kept for `scheduledFor`, an ISO instant, or published now when null),
   * reporting its progress to `control` and stopping when its signal aborts.
   */
  onUpload: (
    file: File,
    description: string,
    scheduledFor: string | null,
    control: UploadControl,
  ) => Promise<void>
  onDescribe: (mediaId: string, description: string) => Promise<void>
  onDelete: (mediaId: string) => Promise<void>
}

export const PHOTO_POSTED = "Foto publicada"
/** Two columns on a phone, three from 640 px, in the studio's 736 px column. */
export const STUDIO_PHOTO_SIZES = "(min-width: 768px) 238px, (min-width: 640px) 33vw, 50vw"
const likes = (n: number) => (n === 1 ? "1 curtida" : `${n} curtidas`)
const tooLong = (text: string) =>
  text.trim().length > DESCRIPTION_MAX ? descriptionMessage : undefined

/** A local preview of the picked file, released when it changes. */
function usePreview(file: File | null) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return setUrl(null)
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

export function StudioPhotosPanel({
  view,
  onRetry,
  onUpload,
  onDescribe,
  onDelete,
}: StudioPhotosPanelProps) {
  const [picked, setPicked] = useState<File | null>(null)
  const [caption, setCaption] = useState("")
  const [schedule, setSchedule] = useState(noSchedule)
  const [scheduleChecked, setScheduleChecked] = useState(false)
  const preview = usePreview(picked)
  const upload = useUpload("image")
  const [editing, setEditing] = useState<StudioMedia | null>(null)
  const [draft, setDraft] = useState("")
  const [deleting, setDeleting] = useState<StudioMedia | null>(null)
  const { busy, run } = useAlertedAction()

  const pick = (file: File) => {
    if (!upload.check(file)) return
    upload.reset()
    setPicked(file)
  }

  // A failed photo keeps its form, and "Tentar novamente" sends the caption as it is now.
  const publish = async () => {
    setScheduleChecked(true)
    if (!picked || tooLong(caption) || scheduleError(schedule)) return
    const description = caption.trim()
    const scheduledFor = scheduledForOf(schedule)
    const send = (control: UploadControl) => onUpload(picked, description, scheduledFor, control)
    const success = scheduledFor
      ? `Foto programada para ${formatScheduledFor(scheduledFor)}`
      : PHOTO_POSTED
    if (await upload.run(picked, send, success)) {
      setPicked(null)
      setCaption("")
      setSchedule(noSchedule)
      setScheduleChecked(false)
    }
  }

  return (
    <section aria-labelledby="photos-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="photos-title" className="text-lg font-semibold">
          Fotos
        </h2>
        <FileButton
          label="Escolher foto"
          accept="image/jpeg,image/png,image/webp"
          variant={picked ? "secondary" : "primary"}
          disabled={upload.busy}
          onPick={pick}
        />
      </div>

      <UploadProgress {...upload.progress} onRetry={() => void publish()} />

      {picked ? (
        <Card role="region" aria-label="Nova foto" className="flex flex-col gap-3">
          {preview ? (
            <img
              src={preview}
              alt="Prévia da foto escolhida"
              className="aspect-[4/5] w-40 rounded-card object-cover"
            />
          ) : null}
          <TextAreaField
            label="Legenda"
            value={caption}
            onChange={setCaption}
            maxLength={DESCRIPTION_MAX}
            error={tooLong(caption)}
            disabled={upload.busy}
          />
          <ScheduleFields
            value={schedule}
            onChange={setSchedule}
            error={scheduleChecked ? scheduleError(schedule) : undefined}
            disabled={upload.busy}
          />
          {/* While it goes up, the progress above holds the one "Cancelar". */}
          {upload.busy ? null : (
            <div className="flex gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setPicked(null)
                  upload.reset()
                }}
              >
                Cancelar
              </Button>
              <Button className="flex-1" onClick={() => void publish()}>
                {scheduledForOf(schedule) ? "Programar foto" : "Publicar foto"}
              </Button>
            </div>
          )}
        </Card>
      ) : null}

      {view.status === "loading" ? (
        <div aria-busy="true" className="grid grid-cols-3 gap-2">
          <span className="sr-only">Carregando</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/5]" />
          ))}
        </div>
      ) : view.status === "error" ? (
        <ErrorState message={view.message} onRetry={onRetry} />
      ) : view.medias.length === 0 ? (
        <EmptyState message="Nenhuma foto ainda. As fotos aparecem no grid do seu perfil para quem assina." />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {view.medias.map((media) => {
            const name = media.description ?? `foto de ${formatDate(media.createdAt)}`
            return (
              <li key={media._id} className="flex flex-col gap-1">
                <Picture
                  image={media.thumbImage}
                  src={media.thumb}
                  sizes={STUDIO_PHOTO_SIZES}
                  alt={name}
                  width={240}
                  height={300}
                  loading="lazy"
                  className="aspect-[4/5] w-full rounded-card object-cover"
                />
                <p className="flex items-center gap-1 text-sm font-semibold">
                  <HeartIcon className="size-4" /> {likes(media.likes)}
                </p>
                <p className="line-clamp-2 text-sm text-muted">
                  {media.description ?? "Sem legenda"}
                </p>
                <div className="flex gap-1">
                  <Button
                    variant="secondary"
                    className="flex-1 px-2 text-sm"
                    aria-label={`Editar legenda: ${name}`}
                    onClick={() => {
                      setEditing(media)
                      setDraft(media.description ?? "")
                    }}
                  >
                    Legenda
                  </Button>
                  <Button
                    variant="ghost"
                    className="size-11 px-0"
                    aria-label={`Apagar ${name}`}
                    onClick={() => setDeleting(media)}
                  >
                    <TrashIcon />
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
      >
        <DialogContent title="Editar legenda">
          <TextAreaField
            label="Legenda"
            value={draft}
            onChange={setDraft}
            maxLength={DESCRIPTION_MAX}
            error={tooLong(draft)}
          />
          <Button
            loading={busy}
            disabled={!!tooLong(draft)}
            onClick={() =>
              void run(
                () => onDescribe(editing!._id, draft.trim()),
                "Legenda atualizada",
                () => setEditing(null),
              )
            }
          >
            Salvar legenda
          </Button>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Apagar esta foto?"
        description="Ela some do seu perfil, com as curtidas."
        confirmLabel="Apagar"
        confirmVariant="danger"
        loading={busy}
        onConfirm={() =>
          void run(
            () => onDelete(deleting!._id),
            "Foto apagada",
            () => setDeleting(null),
          )
        }
      />
    </section>
  )
}
