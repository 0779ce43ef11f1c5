/** How long a page may hold idle work back for its main picture: a slow picture never loses it. */
export const IDLE_HOLD_MAX_MS = 3000

/** The timer that lifts the hold at the latest, while a page holds idle work back. */
let hold: ReturnType<typeof setTimeout> | undefined
let heldTasks: Array<() => void> = []

const idle = (task: () => void) => {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout: 3000 })
  else setTimeout(task, 200)
}

/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after a few
 * seconds), and once no page holds idle work back for its main picture: work that helps later,
 * such as logging a visit, never delays the page opening nor its largest picture.
 */
export function whenIdle(task: () => void): void {
  const run = () => (hold ? heldTasks.push(run) : task())
  idle(run)
}

/**
 * Holds idle work back until releaseIdleWork(), at the latest for IDLE_HOLD_MAX_MS: for a page
 * whose largest element arrives after its data, such as a story's picture, which requests
 * started before it would compete with. Holding again while held changes nothing.
 */
export function holdIdleWork(): void {
  hold ??= setTimeout(releaseIdleWork, IDLE_HOLD_MAX_MS)
}

/** Lifts the hold; the work held runs at the next idle moment. Harmless when none is held. */
export function releaseIdleWork(): void {
  clearTimeout(hold)
  hold = undefined
  const released = heldTasks
  heldTasks = []
  released.forEach(idle)
}
