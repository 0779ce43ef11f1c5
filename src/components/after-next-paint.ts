/**
 * Runs `task` in a task of its own once the browser has painted the current frame; the returned
 * function cancels it. For what may wait a frame (a dialog opening over a page) and measures the
 * page, which would otherwise hold that page's first paint back.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
