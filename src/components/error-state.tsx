import { Button } from "./ui/button.tsx"
import { cn } from "./ui/cn.ts"
import { AlertCircleIcon } from "./ui/icons.tsx"

export type ErrorStateProps = {
  /** What happened, in pt-BR (usually the server's message). */
  message: string
  title?: string
  onRetry?: () => void
  retryLabel?: string
  /** The retry is under way. */
  retrying?: boolean
  className?: string
}

export function ErrorState({
  message,
  title,
  onRetry,
  retryLabel = "Tentar novamente",
  retrying = false,
  className,
}: ErrorStateProps) {
  return (
    <div
      data-slot="error-state"
      className={cn("flex flex-col items-center gap-3 px-4 py-10 text-center", className)}
    >
      <AlertCircleIcon className="size-10 text-danger-ink" />
      <div role="alert" className="flex flex-col gap-1">
        {title ? <h2 className="text-lg font-semibold">{title}</h2> : null}
        <p className="max-w-sm text-muted">{message}</p>
      </div>
      {onRetry ? (
        <Button variant="secondary" loading={retrying} onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  )
}
