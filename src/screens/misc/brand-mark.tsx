import { cn } from "../../components/ui/cn.ts"

/** The Closer mark: a green ring (a close-friends story) around a heart. Decorative. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      data-slot="brand-mark"
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      className={cn("size-8 shrink-0", className)}
    >
      <circle cx="24" cy="24" r="21" fill="none" stroke="var(--color-story-ring)" strokeWidth="4" />
      <circle cx="24" cy="24" r="15" fill="var(--color-brand)" />
      <path
        d="M24 31.5s-7-4.3-7-9.2a3.9 3.9 0 0 1 7-2.4 3.9 3.9 0 0 1 7 2.4c0 4.9-7 9.2-7 9.2Z"
        fill="var(--color-on-brand)"
      />
    </svg>
  )
}
