import { act } from "react"
import type { Root } from "react-dom/client"
import { afterEach } from "vitest"

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}

/**
 * For tests that make React roots by hand (hydrating a server's markup, say): tells React that
 * act() wraps their updates, and after each test unmounts its root (kept in `root`) and empties
 * the page.
 */
export function actRoots(): { root: Root | null } {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true
  const mounted: { root: Root | null } = { root: null }
  afterEach(() => {
    act(() => mounted.root?.unmount())
    mounted.root = null
    document.body.innerHTML = ""
  })
  return mounted
}
