import type { ComponentProps } from "react"
import { cva, type VariantProps } from "class-variance-authority"
import { cn } from "./cn.ts"

export const cardVariants = cva("rounded-card border border-line bg-surface text-ink", {
  variants: {
    padding: { none: "", md: "p-4", lg: "p-6" },
  },
  defaultVariants: { padding: "md" },
})

export type CardProps = ComponentProps<"div"> & VariantProps<typeof cardVariants>

export function Card({ className, padding, ...props }: CardProps) {
  return <div data-slot="card" className={cn(cardVariants({ padding }), className)} {...props} />
}

export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return (
    <h2 data-slot="card-title" className={cn("text-base font-semibold", className)} {...props} />
  )
}
