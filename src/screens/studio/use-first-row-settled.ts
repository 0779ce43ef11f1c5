import { useEffect, useState } from "react"

/** A first-row picture that neither loads nor fails within this long holds the rows no more. */
const FIRST_ROW_WAIT_MS = 3_000

/**
 * Whether the first row's `pictures` have all loaded or failed, then true for good: the rows
 * below wait for it, so on a phone the first row (the page's largest pictures) has the
 * connection to itself instead of sharing it with pictures that show only their top edge.
 */
export function useFirstRowSettled(pictures: number) {
  const [settled, setSettled] = useState(0)
  const [done, setDone] = useState(false)
  const all = done || settled >= pictures
  // Kept once reached: a later list (a new story, links renewed) does not hide the rows again.
  if (all && !done) setDone(true)
  useEffect(() => {
    if (done) return
    const timer = window.setTimeout(() => setDone(true), FIRST_ROW_WAIT_MS)
    return () => window.clearTimeout(timer)
  }, [done])
  return { settled: all, onSettled: () => setSettled((count) => count + 1) }
}
