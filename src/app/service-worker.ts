/**
 * Production builds only (spec §1, §9): public/sw.js keeps the app shell and the hashed static
 * files for a fast, offline-tolerant start; it never caches the API or media.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined)
  })
}
