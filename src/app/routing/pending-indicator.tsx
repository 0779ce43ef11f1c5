import { useEffect, useState, useSyncExternalStore } from "react"
import { NavigationProgress } from "../../components/navigation-progress.tsx"
import type { AppRouter } from "./app-router.ts"

/** Below this a page change feels instant; a bar flashing by would only be noise. */
export const PENDING_DELAY_MS = 300

/** True once `active` has stayed true for `delayMs`; false again as soon as it ends. */
export function useActiveAfter(active: boolean, delayMs: number): boolean {
  const [waited, setWaited] = useState(false)
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setWaited(true), delayMs)
    return () => {
      clearTimeout(timer)
      setWaited(false)
    }
  }, [active, delayMs])
  return active && waited
}

/** The top progress bar while `router` loads the next page for longer than `PENDING_DELAY_MS`. */
export function PendingIndicator({ router }: { router: AppRouter }) {
  const navigating = useSyncExternalStore(router.subscribe, router.navigating, router.navigating)
  return <NavigationProgress active={useActiveAfter(navigating, PENDING_DELAY_MS)} />
}
