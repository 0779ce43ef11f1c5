import { useEffect, useState } from "react"

/** The current time, ticking every `intervalMs` (countdowns, "há 3 horas"). */
export function useNow(intervalMs = 1_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}
