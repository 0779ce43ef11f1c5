import { useEffect, useRef } from "react"
import type { Clock } from "../../components/clock.ts"

/**
 * Advances an image story's progress (0..1) while `playing`, by animation frames, and calls
 * `onEnd` once it is full. Video stories report their own progress from the element instead.
 */
export function useTimedProgress({
  storyKey,
  playing,
  durationMs,
  progress,
  onProgress,
  onEnd,
  clock,
}: {
  /** Restarts the clock when the story changes. */
  storyKey: string
  playing: boolean
  durationMs: number
  progress: number
  onProgress: (progress: number) => void
  onEnd: () => void
  /** Gives the frames and their times. */
  clock: Clock
}) {
  const latest = useRef({ progress, onProgress, onEnd })
  useEffect(() => {
    latest.current = { progress, onProgress, onEnd }
  })

  useEffect(() => {
    if (!playing) return
    let frame = 0
    // Counted from now, so a story lasts `durationMs` from when it starts (or resumes).
    let last = clock.now()
    const tick = (time: number) => {
      // A browser's frame time can be a little before the moment the effect ran.
      const step = Math.max(0, time - last) / durationMs
      last = time
      const next = Math.min(1, latest.current.progress + step)
      latest.current.progress = next
      latest.current.onProgress(next)
      if (next >= 1) latest.current.onEnd()
      else frame = clock.requestAnimationFrame(tick)
    }
    frame = clock.requestAnimationFrame(tick)
    return () => clock.cancelAnimationFrame(frame)
  }, [storyKey, playing, durationMs, clock])
}
