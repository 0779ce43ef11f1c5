export type NavigationProgressProps = {
  /** Shown while the next page loads; the app shows it only after a short wait. */
  active: boolean
}

/**
 * A slim bar at the top while the next page's code or data is on its way, so a tap that takes
 * a moment visibly did something. Without motion (prefers-reduced-motion) it stays still.
 */
export function NavigationProgress({ active }: NavigationProgressProps) {
  if (!active) return null
  return (
    <div
      data-slot="navigation-progress"
      role="progressbar"
      aria-label="Carregando página"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand/20"
    >
      <div className="h-full w-2/5 bg-brand motion-safe:animate-progress motion-reduce:w-full motion-reduce:opacity-60" />
    </div>
  )
}
