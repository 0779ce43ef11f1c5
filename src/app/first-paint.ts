/**
 * Resolves once the browser has painted what it has (a frame, then the task after it), so
 * work started then never competes with the first paint. A hidden tab paints nothing and
 * runs no frames: there it resolves at once, and a page opened in the background is ready
 * when its tab is shown.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (document.visibilityState === "hidden") {
      setTimeout(resolve, 0)
      return
    }
    requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}

/**
 * Resolves in a task of its own: work split by it runs as several short tasks, between which
 * the browser can answer a tap or paint, instead of one long one.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0))
}
