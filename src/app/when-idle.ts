/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after a few
 * seconds): work that helps later, such as logging a visit, never delays the page opening.
 */
export function whenIdle(task: () => void): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: 3000 })
  else setTimeout(task, 200)
}
