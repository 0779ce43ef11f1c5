import { useEffect, useRef } from "react"

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
}: {
  /** Restarts the clock when the story changes. */
  storyKey: string
  playing: boolean
  durationMs: number
  progress: number
  onProgress: (progress: number) => void
  onEnd: () => void
}) {
  const latest = useRef({ progress, onProgress, onEnd })
  useEffect(() => {
    latest.current = { progress, onProgress, onEnd }
  })

  useEffect(() => {
    if (!playing) return
    let frame = 0
    let last: number | null = null
    const tick = (time: number) => {
      const step = last === null ? 0 : (time - last) / durationMs
      last = time
      const next = Math.min(1, latest.current.progress + step)
      latest.current.progress = next
      latest.current.onProgress(next)
      if (next >= 1) latest.current.onEnd()
      else frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [storyKey, playing, durationMs])
}
