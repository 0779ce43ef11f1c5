import { cva, type VariantProps } from "class-variance-authority"
import { cn } from "./ui/cn.ts"

export const verifiedBadgeVariants = cva("inline-block shrink-0 text-brand", {
  variants: { size: { sm: "size-4", md: "size-5", lg: "size-6" } },
  defaultVariants: { size: "md" },
})

export type VerifiedBadgeProps = VariantProps<typeof verifiedBadgeVariants> & {
  className?: string
}

export function VerifiedBadge({ size, className }: VerifiedBadgeProps) {
  return (
    <svg
      data-slot="verified-badge"
      role="img"
      aria-label="Perfil verificado"
      viewBox="0 0 24 24"
      className={cn(verifiedBadgeVariants({ size }), className)}
    >
      <title>Perfil verificado</title>
      {/* A rosette: twelve rounded points around the centre. */}
      <path
        fill="currentColor"
        d="M12 1.5l2.4 1.8 3-.2 1 2.8 2.6 1.6-.8 2.9 1.3 2.7-2.3 1.9-.3 3-2.9.6-1.6 2.6-2.8-1-2.8 1-1.6-2.6-2.9-.6-.3-3-2.3-1.9 1.3-2.7-.8-2.9 2.6-1.6 1-2.8 3 .2z"
      />
      <path
        d="m8 12.2 2.7 2.7L16.2 9.3"
        fill="none"
        stroke="var(--color-on-brand)"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
