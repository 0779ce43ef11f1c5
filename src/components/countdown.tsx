import { useEffect, useRef } from "react"
import { cva } from "class-variance-authority"
import { formatCountdown, toDate, type Instant } from "../domain/dates.ts"
import { cn } from "./ui/cn.ts"

/** Under two minutes the countdown turns red. */
const ENDING_MS = 2 * 60_000

export const countdownVariants = cva(
  "inline-flex items-baseline gap-2 font-semibold tabular-nums",
  {
    variants: {
      state: { running: "text-ink", ending: "text-danger-ink", expired: "text-danger-ink" },
    },
    defaultVariants: { state: "running" },
  },
)

export type CountdownProps = {
  expiresAt: Instant
  /** The current time; the caller ticks it (e.g. every second), so stories stay still. */
  now: Instant
  /** Called once when the time runs out (again only for a new `expiresAt`). */
  onExpire?: () => void
  /** Visible text before the time, such as "Expira em". */
  label?: string
  className?: string
}

/** What a screen reader hears: changes once a minute, not every second. */
function spokenRemaining(ms: number): string {
  if (ms <= 0) return "Tempo esgotado"
  const minutes = Math.ceil(ms / 60_000)
  return minutes === 1 ? "Resta 1 minuto" : `Restam ${minutes} minutos`
}

export function Countdown({ expiresAt, now, onExpire, label, className }: CountdownProps) {
  const expiresMs = toDate(expiresAt).getTime()
  const remaining = Math.max(0, expiresMs - toDate(now).getTime())
  const state = remaining <= 0 ? "expired" : remaining < ENDING_MS ? "ending" : "running"

  const firedFor = useRef<number | null>(null)
  const onExpireRef = useRef(onExpire)
  useEffect(() => {
    onExpireRef.current = onExpire
  })
  useEffect(() => {
    if (state !== "expired" || firedFor.current === expiresMs) return
    firedFor.current = expiresMs
    onExpireRef.current?.()
  }, [state, expiresMs])

  return (
    // A page the server drew counted from its own clock: the browser's next tick corrects it.
    <p
      data-slot="countdown"
      data-state={state}
      className={cn(countdownVariants({ state }), className)}
      suppressHydrationWarning
    >
      {label ? <span className="font-normal text-muted">{label}</span> : null}
      <span role="timer" className="text-2xl" suppressHydrationWarning>
        {formatCountdown(remaining)}
      </span>
      <span className="sr-only" aria-live="polite" aria-atomic="true" suppressHydrationWarning>
        {spokenRemaining(remaining)}
      </span>
    </p>
  )
}
