import { useId } from "react"
import { cn } from "../../components/ui/cn.ts"
import { inputVariants } from "../../components/ui/text-field.tsx"
import { scheduleFieldsProblem } from "../../domain/schedule-times.ts"

export type ScheduleValue = { scheduleDate: string; scheduleTime: string }
export const noSchedule: ScheduleValue = { scheduleDate: "", scheduleTime: "" }

/** Why the chosen time cannot be used (past, too far, half filled), checked against now. */
export function scheduleError(value: ScheduleValue): string | undefined {
  return scheduleFieldsProblem(value, new Date()) ?? undefined
}

export type ScheduleFieldsProps = {
  value: ScheduleValue
  onChange: (value: ScheduleValue) => void
  /** Shown under the fields once the creator tried to send. */
  error?: string
  disabled?: boolean
  /** The legend; the upload forms say it is optional. */
  legend?: string
}

/** A date and a time on São Paulo's clock; both empty means "publish now". */
export function ScheduleFields({
  value,
  onChange,
  error,
  disabled,
  legend = "Programar (opcional)",
}: ScheduleFieldsProps) {
  const id = useId()
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")
  const input = cn(inputVariants({ invalid: !!error }), "appearance-auto")
  return (
    <fieldset className="flex flex-col gap-1" disabled={disabled}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        <label className="flex min-w-36 flex-1 flex-col gap-1 text-sm text-ink">
          Data
          <input
            type="date"
            value={value.scheduleDate}
            onChange={(event) => onChange({ ...value, scheduleDate: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={input}
          />
        </label>
        <label className="flex min-w-28 flex-1 flex-col gap-1 text-sm text-ink">
          Horário
          <input
            type="time"
            value={value.scheduleTime}
            onChange={(event) => onChange({ ...value, scheduleTime: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={input}
          />
        </label>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Horário de São Paulo. Em branco, publica agora.
      </p>
      <p id={`${id}-error`} aria-live="polite" className="text-sm text-danger-ink empty:hidden">
        {error ?? null}
      </p>
    </fieldset>
  )
}
