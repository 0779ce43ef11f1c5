import { useSyncExternalStore } from "react"

const subscribeToNothing = () => () => {}

/**
 * False on the server and while React takes over the markup it drew; true once the app runs the
 * page (at once on a page the browser draws itself). Hydration renders with the server's value,
 * so the markup matches, then renders again with true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}
