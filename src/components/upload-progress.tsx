import { useId, type ReactNode } from "react"
import { cva } from "class-variance-authority"
import { formatFileSize, tooLargeMessage, uploadPercent } from "../domain/uploads.ts"
import { Button } from "./ui/button.tsx"
import { cn } from "./ui/cn.ts"
import { AlertCircleIcon, CheckCircleIcon, InfoIcon, type IconProps } from "./ui/icons.tsx"

/** Where one upload stands; `useUploadTask` moves it along. */
export type UploadState =
  | { status: "idle" }
  | { status: "progress"; loaded: number; total: number }
  | { status: "done" }
  | { status: "cancelled" }
  | { status: "failed"; message: string }
  | { status: "tooLarge"; kind: "image" | "video" }
  | { status: "wrongType"; message: string }

export const UPLOAD_DONE = "Envio concluído"
export const UPLOAD_CANCELLED = "Envio cancelado"
export const uploadingLabel = (percent: number) => `Enviando ${percent}%`

export const uploadProgressVariants = cva(
  "flex flex-wrap items-center gap-3 rounded-card p-3 text-sm",
  {
    variants: {
      tone: {
        neutral: "border border-line bg-surface text-ink",
        success: "bg-brand-soft text-brand-ink",
        warning: "bg-warning-soft text-warning-ink",
        danger: "bg-danger-soft text-danger-ink",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
)

export type UploadProgressProps = {
  state: UploadState
  /** The file on its way, shown under the bar. */
  fileName?: string
  /** Stops the upload under way ("Cancelar"). */
  onCancel?: () => void
  /** Sends the same file again after a failure ("Tentar novamente"). */
  onRetry?: () => void
  className?: string
}

/**
 * How an upload goes: a bar with its percentage and a "Cancelar" while it runs, then what came
 * of it. Nothing is drawn while idle. Results are announced: a failure or a refused file as an
 * alert, the end or the cancel politely.
 */
export function UploadProgress({
  state,
  fileName,
  onCancel,
  onRetry,
  className,
}: UploadProgressProps) {
  const labelId = useId()
  const box = (tone: "neutral" | "success" | "warning" | "danger", children: ReactNode) => (
    <div
      data-slot="upload-progress"
      data-state={state.status}
      role={tone === "danger" ? "alert" : tone === "neutral" ? undefined : "status"}
      className={cn(uploadProgressVariants({ tone }), className)}
    >
      {children}
    </div>
  )

  switch (state.status) {
    case "idle":
      return <div data-slot="upload-progress" data-state="idle" hidden />
    case "progress": {
      const percent = uploadPercent(state)
      const sizes =
        state.total > 0 ? `${formatFileSize(state.loaded)} de ${formatFileSize(state.total)}` : null
      return box(
        "neutral",
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-center justify-between gap-3">
            <span id={labelId} className="font-semibold whitespace-nowrap">
              {uploadingLabel(percent)}
            </span>
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel}>
                Cancelar
              </Button>
            ) : null}
          </div>
          <div
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-line"
          >
            <div
              className="h-full rounded-full bg-brand transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          {fileName || sizes ? (
            <p className="flex min-w-0 justify-between gap-3 text-muted">
              <span className="truncate">{fileName}</span>
              {sizes ? <span className="shrink-0 tabular-nums">{sizes}</span> : null}
            </p>
          ) : null}
        </div>,
      )
    }
    case "done":
      return box("success", <Outcome Icon={CheckCircleIcon} text={UPLOAD_DONE} />)
    case "cancelled":
      return box("warning", <Outcome Icon={InfoIcon} text={UPLOAD_CANCELLED} />)
    case "failed":
      return box(
        "danger",
        <>
          <Outcome Icon={AlertCircleIcon} text={state.message} />
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              Tentar novamente
            </Button>
          ) : null}
        </>,
      )
    case "tooLarge":
      return box("danger", <Outcome Icon={AlertCircleIcon} text={tooLargeMessage(state.kind)} />)
    case "wrongType":
      return box("danger", <Outcome Icon={AlertCircleIcon} text={state.message} />)
  }
}

/** The outcome in words; beside a button it takes a line of its own rather than be squeezed. */
function Outcome({ Icon, text }: { Icon: (props: IconProps) => ReactNode; text: string }) {
  return (
    <p className="flex min-w-0 grow basis-48 items-start gap-2 font-semibold">
      <Icon className="mt-0.5 size-4" />
      <span className="min-w-0 break-words">{text}</span>
    </p>
  )
}
