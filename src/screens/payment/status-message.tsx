import { useId, type ReactNode } from "react"
import { cva, type VariantProps } from "class-variance-authority"
import { cn } from "../../components/ui/cn.ts"
import { AlertCircleIcon, CheckCircleIcon, InfoIcon } from "../../components/ui/icons.tsx"

export const statusMessageIconVariants = cva(
  "inline-flex size-14 shrink-0 items-center justify-center rounded-full",
  {
    variants: {
      tone: {
        success: "bg-brand-soft text-brand-ink",
        warning: "bg-warning-soft text-warning-ink",
        danger: "bg-danger-soft text-danger-ink",
        neutral: "bg-canvas text-muted",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
)

const icons = {
  success: CheckCircleIcon,
  warning: InfoIcon,
  danger: AlertCircleIcon,
  neutral: InfoIcon,
}

export type StatusMessageProps = VariantProps<typeof statusMessageIconVariants> & {
  title: string
  children?: ReactNode
  /** Actions and extra content under the text (buttons, tabs, the receipt form). */
  footer?: ReactNode
  className?: string
}

/** The heading, icon and explanation of one payment state. */
export function StatusMessage({ tone, title, children, footer, className }: StatusMessageProps) {
  const Icon = icons[tone ?? "neutral"]
  // One per instance: the docs catalogue renders many of these side by side.
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className={cn("flex flex-1 flex-col items-center gap-4 text-center", className)}
    >
      <span className={statusMessageIconVariants({ tone })}>
        <Icon className="size-8" />
      </span>
      <h2 id={titleId} aria-live="polite" className="text-xl font-semibold">
        {title}
      </h2>
      {children ? <div className="flex flex-col gap-2 text-muted">{children}</div> : null}
      {footer ? (
        // On phones the next step sits at the bottom, within thumb reach.
        <div className="mt-auto flex w-full flex-col gap-3 pt-2 text-left md:mt-2">{footer}</div>
      ) : null}
    </section>
  )
}
