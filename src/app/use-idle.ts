import { useCallback, useEffect, useRef, useState } from "react"
import { afterNextPaint } from "../components/after-next-paint.ts"
import { releaseIdleWork, whenIdle } from "./when-idle.ts"

/** False until the browser is first idle after the component mounted. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  return idle
}

/**
 * Calls `done` once the browser reports `element` as the page's largest paint, which is later
 * than its load and its first frame; where it reports none (another browser, or a page opened
 * by a tap), after the next frame. An element that is never the largest leaves `done` to the
 * hold's time limit.
 */
function afterLargestPaint(element: Element, done: () => void): void {
  // The browser stops reporting largest paints after the person's first tap or key.
  const reported =
    typeof PerformanceObserver !== "undefined" &&
    PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint") &&
    !navigator.userActivation?.hasBeenActive
  if (!reported) {
    afterNextPaint(done)
    return
  }
  const observer = new PerformanceObserver((list) => {
    const entries = list.getEntries() as LargestContentfulPaint[]
    if (!entries.some((entry) => entry.element === element)) return
    observer.disconnect()
    done()
  })
  observer.observe({ type: "largest-contentful-paint", buffered: true })
}

/**
 * For a page that holds idle work back (from its loader, before the browser can first be idle):
 * the returned function lifts the hold once the element it is given has been drawn as the
 * page's largest paint; leaving the page lifts it too.
 */
export function useIdleWorkReleasedOnPaint(): (shown: Element) => void {
  const watching = useRef(false)
  useEffect(() => releaseIdleWork, [])
  return useCallback((shown: Element) => {
    // The first picture alone: the stories after it are not the page's opening.
    if (watching.current) return
    watching.current = true
    afterLargestPaint(shown, releaseIdleWork)
  }, [])
}
