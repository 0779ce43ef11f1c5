import type { ComponentProps } from "react"
import { cva, type VariantProps } from "class-variance-authority"
import { cn } from "./ui/cn.ts"

export const statusPillVariants = cva(
  "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap",
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

export type StatusPillProps = ComponentProps<"span"> & VariantProps<typeof statusPillVariants>

/** A status label; the words carry the meaning, the colour only repeats it. */
export function StatusPill({ tone, className, children, ...props }: StatusPillProps) {
  return (
    <span
      data-slot="status-pill"
      className={cn(statusPillVariants({ tone }), className)}
      {...props}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  )
}
