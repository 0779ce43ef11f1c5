import { cn } from "./cn.ts"

/** A small spinning ring; decorative, so the surrounding control carries the meaning. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      data-slot="spinner"
      aria-hidden="true"
      className={cn(
        "inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent",
        className,
      )}
    />
  )
}
