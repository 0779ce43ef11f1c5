import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
  type Ref,
} from "react"
import { cva } from "class-variance-authority"
import { cn } from "./cn.ts"
import { useHydrated } from "./use-hydrated.ts"
import { CloseIcon } from "./icons.tsx"
import { EyeIcon, EyeOffIcon } from "./more-icons.tsx"

export const inputVariants = cva(
  "min-h-11 w-full min-w-0 rounded-field border bg-surface px-3 text-base text-ink placeholder:text-muted transition-colors " +
    "disabled:cursor-not-allowed disabled:bg-canvas disabled:text-muted read-only:bg-canvas",
  {
    variants: {
      invalid: { true: "border-danger", false: "border-line-strong" },
      // Room for the eye or clear button.
      trailing: { true: "pr-12", false: "" },
    },
    defaultVariants: { invalid: false, trailing: false },
  },
)

export type NativeInputProps = Omit<
  ComponentProps<"input">,
  "value" | "defaultValue" | "onChange" | "size" | "ref" | "children"
>

export type TextFieldProps = NativeInputProps & {
  label: string
  hint?: string
  /** The field's message, e.g. `fieldState.error?.message`; shown per spec §5. */
  error?: string
  /**
   * Overrides when the error shows. By default it shows once the field has lost focus or has a
   * value (spec §5); pass `formState.isSubmitted || undefined` to also show it after a submit.
   */
  showError?: boolean
  value?: string
  defaultValue?: string
  /** Called with the text (masked, as displayed); the schema normalises it. */
  onChange?: (value: string) => void
  /** Draws the input in place of the plain one (MaskedTextField's masked input). */
  renderInput?: (input: RenderedInput) => ReactNode
  /** The clear button ("Limpar") on non-password fields; on by default. */
  clearable?: boolean
  ref?: Ref<HTMLInputElement>
  className?: string
}

/** What a replacement input gets: the field's attributes, its value and where to report changes. */
export type RenderedInput = {
  props: NativeInputProps
  value: string
  onChange: (value: string) => void
  ref: (node: HTMLInputElement | null) => void
}

export function TextField({
  label,
  hint,
  error,
  showError,
  value,
  defaultValue = "",
  onChange,
  onBlur,
  renderInput,
  clearable = true,
  type = "text",
  id: idProp,
  disabled,
  readOnly,
  ref,
  className,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId()
  const id = idProp ?? generatedId
  const hintId = `${id}-hint`
  const errorId = `${id}-error`

  const [innerValue, setInnerValue] = useState(defaultValue)
  const current = value ?? innerValue
  const [touched, setTouched] = useState(false)
  const [revealed, setRevealed] = useState(false)
  const inputRef = useRef<HTMLInputElement | null>(null)

  const setValue = (next: string) => {
    if (next === current) return
    if (value === undefined) setInnerValue(next)
    onChange?.(next)
  }

  const isPassword = type === "password"
  const errorVisible = Boolean(error) && (showError ?? (touched || current !== ""))
  const canClear = !isPassword && clearable && current !== "" && !disabled && !readOnly
  const trailing = isPassword || canClear

  // Text typed into the server's markup before the app took the page over stays on screen, but
  // React's state does not know it and its next render would wipe it: it is taken as typed.
  // After the layout effects, where a form library subscribes to the field's value.
  // Only then: drawn by the browser itself, a field may be filled in after it is attached (a mask
  // library writes its default value in), which is no typing.
  const [drawnByServer] = useState(!useHydrated())
  const attached = useRef(false)
  const typedBeforeHydration = useRef<string | null>(null)
  useEffect(() => {
    if (typedBeforeHydration.current !== null) setValue(typedBeforeHydration.current)
    typedBeforeHydration.current = null
    // Only the markup as the field found it when it mounted; later typing arrives as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const setRefs = (node: HTMLInputElement | null) => {
    // Read as the input is attached, before a mask library takes it over and rewrites it.
    if (node && !attached.current) {
      attached.current = true
      if (drawnByServer && node.value !== current) typedBeforeHydration.current = node.value
    }
    inputRef.current = node
    if (typeof ref === "function") ref(node)
    else if (ref) ref.current = node
  }

  const describedBy = [hint ? hintId : null, errorVisible ? errorId : null]
    .filter(Boolean)
    .join(" ")
  const shared = {
    ...inputProps,
    id,
    type: isPassword && revealed ? "text" : type,
    disabled,
    readOnly,
    "aria-invalid": errorVisible || undefined,
    "aria-describedby": describedBy || undefined,
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
      setTouched(true)
      onBlur?.(event)
    },
    className: cn(inputVariants({ invalid: errorVisible, trailing })),
  }

  return (
    <div data-slot="text-field" className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        {renderInput ? (
          renderInput({ props: shared, value: current, onChange: setValue, ref: setRefs })
        ) : (
          <input
            {...shared}
            ref={setRefs}
            value={current}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        {isPassword ? (
          <button
            type="button"
            aria-label={revealed ? "Ocultar senha" : "Mostrar senha"}
            aria-controls={id}
            disabled={disabled}
            onClick={() => setRevealed((r) => !r)}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-field text-muted hover:text-ink disabled:opacity-50"
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : canClear ? (
          <button
            type="button"
            aria-label="Limpar"
            aria-controls={id}
            onClick={() => {
              setValue("")
              inputRef.current?.focus()
            }}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-field text-muted hover:text-ink"
          >
            <CloseIcon className="size-4" />
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {/* Always present so a new message is announced; empty while there is none. */}
      <p id={errorId} aria-live="polite" className="text-sm text-danger-ink empty:hidden">
        {errorVisible ? error : null}
      </p>
    </div>
  )
}
