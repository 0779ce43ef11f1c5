import { useId, useState } from "react"
import { cn } from "../../components/ui/cn.ts"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../domain/errors.ts"

export type NotifyToggleProps = {
  /** The switch's name: "Avisar quando tiver novidade", or the creator in a list. */
  label: string
  /** A line under the label, such as the creator's name in the settings' list. */
  hint?: string
  enabled: boolean
  /**
   * Turns the notifications on or off; rejects with the API's error. May resolve with a note
   * to show (the browser refused push: only the e-mail goes).
   */
  onChange: (next: boolean) => Promise<string | void>
  className?: string
}

type State = { status: "idle" | "saving" } | { status: "note" | "failed"; message: string }

/** A switch that saves as it turns, says when it could not, and why push may be off. */
export function NotifyToggle({ label, hint, enabled, onChange, className }: NotifyToggleProps) {
  const [state, setState] = useState<State>({ status: "idle" })
  const labelId = useId()
  const saving = state.status === "saving"

  const toggle = async () => {
    setState({ status: "saving" })
    try {
      const note = await onChange(!enabled)
      setState(note ? { status: "note", message: note } : { status: "idle" })
    } catch (error) {
      setState({ status: "failed", message: errorMessage(error) })
    }
  }

  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex min-h-11 items-center gap-3">
        <span className="flex flex-1 flex-col">
          <span id={labelId} className="font-semibold">
            {label}
          </span>
          {hint ? <span className="text-sm text-muted">{hint}</span> : null}
        </span>
        {saving ? <Spinner className="text-muted" /> : null}
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={labelId}
          aria-busy={saving}
          disabled={saving}
          onClick={() => void toggle()}
          className={cn(
            "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:opacity-60 motion-reduce:transition-none",
            enabled ? "bg-brand" : "bg-line-strong",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "inline-block size-6 rounded-full bg-surface shadow-sheet transition-transform motion-reduce:transition-none",
              enabled ? "translate-x-5" : "translate-x-0",
            )}
          />
        </button>
      </div>
      {state.status === "failed" ? (
        <p role="alert" className="text-sm text-danger-ink">
          {state.message}
        </p>
      ) : state.status === "note" ? (
        <p role="status" className="text-sm text-warning-ink">
          {state.message}
        </p>
      ) : null}
    </div>
  )
}
