import { useId, useRef, type ComponentProps, type ReactNode } from "react"
import { Button, type ButtonProps } from "../../components/ui/button.tsx"
import { cn } from "../../components/ui/cn.ts"
import { inputVariants } from "../../components/ui/text-field.tsx"

/** Form pieces the studio needs beyond TextField: a long text, a choice, a switch and a file button. */

type FieldFrameProps = {
  id: string
  label: string
  hint?: ReactNode
  error?: string
  children: ReactNode
  className?: string
}

function FieldFrame({ id, label, hint, error, children, className }: FieldFrameProps) {
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} aria-live="polite" className="text-sm text-danger-ink empty:hidden">
        {error ?? null}
      </p>
    </div>
  )
}

const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined

export type TextAreaFieldProps = Omit<ComponentProps<"textarea">, "onChange" | "value"> & {
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
  error?: string
  /** Shows "n/max" under the field. */
  maxLength?: number
}

export function TextAreaField({
  label,
  value,
  onChange,
  hint,
  error,
  maxLength,
  className,
  id: idProp,
  ...props
}: TextAreaFieldProps) {
  const generated = useId()
  const id = idProp ?? generated
  const counter = maxLength ? `${value.length}/${maxLength}` : undefined
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={[hint, counter].filter(Boolean).join(" · ") || undefined}
      error={error}
      className={className}
    >
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint || counter, error)}
        className={cn(inputVariants({ invalid: !!error }), "min-h-24 py-2")}
        {...props}
      />
    </FieldFrame>
  )
}

export type SelectFieldProps<T extends string> = {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
  hint?: string
  error?: string
  disabled?: boolean
  className?: string
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  hint,
  error,
  disabled,
  className,
}: SelectFieldProps<T>) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as T)}
        aria-describedby={describedBy(id, hint, error)}
        className={cn(inputVariants({ invalid: !!error }), "appearance-auto")}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

export type SwitchFieldProps = {
  label: string
  description?: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  className?: string
}

/** An on/off control read as a switch by screen readers; the whole row toggles it. */
export function SwitchField({
  label,
  description,
  checked,
  onChange,
  disabled,
  className,
}: SwitchFieldProps) {
  const id = useId()
  return (
    <div className={cn("flex min-h-11 items-center gap-3", className)}>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-50",
          checked ? "bg-brand" : "bg-line-strong",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow transition-transform",
            checked ? "translate-x-6" : "translate-x-1",
          )}
        />
      </button>
    </div>
  )
}

export type FileButtonProps = Omit<ButtonProps, "onClick" | "children"> & {
  label: string
  accept: string
  onPick: (file: File) => void
}

/** A button that opens the file picker; the chosen file goes to `onPick`. */
export function FileButton({ label, accept, onPick, ...buttonProps }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ""
          if (file) onPick(file)
        }}
      />
      <Button {...buttonProps} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  )
}
