import type { ReactNode } from "react"
import { AppLink } from "./ui/app-link.tsx"
import { Button, buttonVariants } from "./ui/button.tsx"
import { cn } from "./ui/cn.ts"

export type EmptyStateProps = {
  /** What is missing, in one sentence. */
  message: string
  title?: string
  icon?: ReactNode
  /** The next step: a button calling `onAction`, or a link to `actionHref`. */
  actionLabel?: string
  onAction?: () => void
  actionHref?: string
  className?: string
}

export function EmptyState({
  message,
  title,
  icon,
  actionLabel,
  onAction,
  actionHref,
  className,
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn("flex flex-col items-center gap-3 px-4 py-10 text-center", className)}
    >
      {icon ? <div className="text-muted [&_svg]:size-10">{icon}</div> : null}
      {title ? <h2 className="text-lg font-semibold">{title}</h2> : null}
      <p className="max-w-sm text-muted">{message}</p>
      {actionLabel && onAction ? (
        <Button onClick={onAction}>{actionLabel}</Button>
      ) : actionLabel && actionHref ? (
        <AppLink href={actionHref} className={buttonVariants()}>
          {actionLabel}
        </AppLink>
      ) : null}
    </div>
  )
}
