import { useState } from "react"
import { Controller, useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { cn } from "../../components/ui/cn.ts"
import { Dialog, DialogContent } from "../../components/ui/dialog.tsx"
import { relativeTime, type Instant } from "../../domain/dates.ts"
import { errorMessage } from "../../domain/errors.ts"
import { HIGHLIGHT_TITLE_MAX, uploadProblem } from "../../domain/studio-rules.ts"
import type { HighlightFormInput, StudioStory } from "../../domain/studio.ts"
import { PlayIcon } from "../../components/ui/more-icons.tsx"
import { FileButton } from "./studio-fields.tsx"
import { StoryThumbnail } from "./story-thumbnail.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"

// The form's schema, and zod with it, loads at the first focus or touch: the dialog opens without.
const highlightResolver = lazyZodResolver<HighlightFormInput, HighlightFormInput>(() =>
  import("../../domain/studio.ts").then((studio) => studio.highlightFormSchema),
)

export type HighlightDraft = { title: string; storyIds: string[]; cover: File | null }

export type HighlightDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The highlight being edited; absent for a new one. */
  initial?: { title: string; storyIds: string[] }
  stories: StudioStory[]
  now: Instant
  onSubmit: (draft: HighlightDraft) => Promise<void>
}

export function HighlightDialog({ open, onOpenChange, ...rest }: HighlightDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={rest.initial ? "Editar destaque" : "Novo destaque"}>
        {open ? <HighlightForm {...rest} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function HighlightForm({
  initial,
  stories,
  now,
  onSubmit,
  onDone,
}: Omit<HighlightDialogProps, "open" | "onOpenChange"> & { onDone: () => void }) {
  const { showAlert } = useAlert()
  const [cover, setCover] = useState<File | null>(null)
  const { control, handleSubmit, formState } = useForm<HighlightFormInput>({
    resolver: useLazyZodResolver(highlightResolver),
    mode: "all",
    defaultValues: { title: initial?.title ?? "", storyIds: initial?.storyIds ?? [] },
  })

  // Read here so the form re-renders when it is submitted.
  const submitted = formState.isSubmitted
  // An array's own error may sit under `root`.
  const storiesError =
    formState.errors.storyIds?.message ?? formState.errors.storyIds?.root?.message

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({ title: values.title.trim(), storyIds: values.storyIds, cover })
      showAlert({ type: "success", message: "Destaque salvo" })
      onDone()
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    }
  })

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormTextField
        control={control}
        name="title"
        label="Título"
        hint={`Até ${HIGHLIGHT_TITLE_MAX} caracteres`}
        showError={submitted || undefined}
      />
      <div className="flex flex-wrap items-center gap-2">
        <FileButton
          label="Escolher capa"
          accept="image/jpeg,image/png,image/webp"
          variant="secondary"
          onPick={(file) => {
            const problem = uploadProblem(file, "image")
            if (problem) showAlert({ message: problem })
            else setCover(file)
          }}
        />
        <span className="text-sm text-muted">
          {cover ? `Capa: ${cover.name}` : "Sem capa escolhida, vale a do primeiro story."}
        </span>
      </div>
      <Controller
        control={control}
        name="storyIds"
        render={({ field }) => (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">Stories do destaque</legend>
            <p className="text-sm text-muted">Na ordem em que você tocar.</p>
            <ul className="grid grid-cols-3 gap-2">
              {stories.map((story) => {
                const position = field.value.indexOf(story._id)
                const checked = position >= 0
                return (
                  <li key={story._id}>
                    <label
                      className={cn(
                        "relative block aspect-[9/16] cursor-pointer overflow-hidden rounded-card border-2",
                        checked ? "border-brand" : "border-transparent",
                        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-link",
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={checked}
                        onChange={() =>
                          field.onChange(
                            checked
                              ? field.value.filter((id) => id !== story._id)
                              : [...field.value, story._id],
                          )
                        }
                        aria-label={`Story de ${relativeTime(story.createdAt, now)}`}
                      />
                      <StoryThumbnail
                        story={story}
                        // Three columns across the phone's sheet, or in the 448 px dialog.
                        sizes="(min-width: 640px) 128px, 33vw"
                        fallback={
                          <span className="flex size-full items-center justify-center bg-ink text-surface">
                            <PlayIcon />
                          </span>
                        }
                      />
                      {checked ? (
                        <span
                          aria-hidden="true"
                          className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-brand text-xs font-semibold text-on-brand"
                        >
                          {position + 1}
                        </span>
                      ) : null}
                    </label>
                  </li>
                )
              })}
            </ul>
            <p aria-live="polite" className="text-sm text-danger-ink empty:hidden">
              {submitted ? (storiesError ?? null) : null}
            </p>
          </fieldset>
        )}
      />
      <Button type="submit" loading={formState.isSubmitting}>
        Salvar destaque
      </Button>
    </form>
  )
}
