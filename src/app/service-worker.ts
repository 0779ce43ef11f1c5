import { whenIdle } from "./when-idle.ts"

/**
 * Production builds only (spec §1, §9): public/sw.js keeps the app shell and the hashed static
 * files for a fast, offline-tolerant start; it never caches the API or media. Registered once
 * the page has loaded and the browser is idle, as it helps later visits, not this one.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return
  window.addEventListener("load", () =>
    whenIdle(() => void navigator.serviceWorker.register("/sw.js").catch(() => undefined)),
  )
}
