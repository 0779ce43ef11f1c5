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
