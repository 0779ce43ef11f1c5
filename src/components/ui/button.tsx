import type { ComponentProps } from "react"
import { cva, type VariantProps } from "class-variance-authority"
import { cn } from "./cn.ts"
import { Spinner } from "./spinner.tsx"

export const buttonVariants = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-field px-4 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-progress",
  {
    variants: {
      variant: {
        primary: "bg-brand text-on-brand hover:bg-brand-strong",
        secondary: "border border-line bg-surface text-ink hover:bg-canvas",
        // Looks like a link, but keeps the 44 px touch target of every button.
        link: "min-w-11 px-1 text-link underline-offset-4 hover:underline",
        ghost: "bg-transparent text-ink hover:bg-canvas",
        danger: "bg-danger text-white hover:opacity-90",
      },
      block: { true: "w-full" },
    },
    defaultVariants: { variant: "primary" },
  },
)

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & { loading?: boolean }

export function Button({
  className,
  variant,
  block,
  loading = false,
  disabled,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      data-slot="button"
      type={type}
      className={cn(buttonVariants({ variant, block }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  )
}
