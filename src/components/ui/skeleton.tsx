import type { ComponentProps } from "react"
import { cva, type VariantProps } from "class-variance-authority"
import { cn } from "./cn.ts"

export const skeletonVariants = cva("block animate-skeleton bg-line", {
  variants: {
    shape: {
      block: "rounded-card",
      text: "h-4 rounded-full",
      circle: "aspect-square rounded-full",
    },
  },
  defaultVariants: { shape: "block" },
})

export type SkeletonProps = ComponentProps<"span"> & VariantProps<typeof skeletonVariants>

/**
 * A placeholder shaped like the content it stands for. Hidden from screen readers: the region
 * being loaded says so once (e.g. `aria-busy` or a "Carregando" status), not every bar.
 */
export function Skeleton({ className, shape, ...props }: SkeletonProps) {
  return (
    <span
      data-slot="skeleton"
      aria-hidden="true"
      className={cn(skeletonVariants({ shape }), className)}
      {...props}
    />
  )
}
