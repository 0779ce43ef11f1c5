/**
 * The timers a screen waits with (debounces, long presses, animations, autoplay). The app uses
 * the browser's; stories pass a test clock their play functions move by hand
 * (src/testing/fixtures/clock.ts), so each timing is checked to the millisecond without waiting.
 */
export type Clock = {
  /** Milliseconds on a monotonic scale; only differences mean anything. */
  now(): number
  setTimeout(callback: () => void, ms: number): number
  clearTimeout(id: number | undefined): void
  /** The next frame; `callback` gets the frame's time on the `now()` scale. */
  requestAnimationFrame(callback: (time: number) => void): number
  cancelAnimationFrame(id: number): void
}

export const browserClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  requestAnimationFrame: (callback) => window.requestAnimationFrame(callback),
  cancelAnimationFrame: (id) => window.cancelAnimationFrame(id),
}
