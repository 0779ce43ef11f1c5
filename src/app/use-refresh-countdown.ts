import { useCallback, useEffect, useRef, useState } from "react"
import { STATUS_REFRESH_INTERVAL_MS } from "../domain/constants.ts"

/**
 * "Atualizando em N": counts down from 5 s, refreshes at zero, starts again; stops when the page
 * is left (spec §4). `refreshNow` is the manual refresh, which restarts the count.
 */
export function useRefreshCountdown(
  refresh: () => Promise<unknown>,
  intervalMs = STATUS_REFRESH_INTERVAL_MS,
) {
  const total = Math.round(intervalMs / 1_000)
  const [seconds, setSeconds] = useState(total)
  const [refreshing, setRefreshing] = useState(false)
  const latest = useRef(refresh)
  useEffect(() => {
    latest.current = refresh
  })

  const refreshNow = useCallback(async () => {
    setRefreshing(true)
    try {
      await latest.current()
    } catch {
      // The page shows the load error from its own data; the count simply starts again.
    } finally {
      setRefreshing(false)
      setSeconds(total)
    }
  }, [total])

  useEffect(() => {
    if (refreshing) return
    const timer = window.setInterval(() => setSeconds((s) => s - 1), 1_000)
    return () => window.clearInterval(timer)
  }, [refreshing])

  useEffect(() => {
    if (seconds <= 0 && !refreshing) void refreshNow()
  }, [seconds, refreshing, refreshNow])

  return { seconds, refreshing, refreshNow }
}
