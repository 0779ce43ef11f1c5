import { useId } from "react"
import { cn } from "../../components/ui/cn.ts"

export type MethodOption<T extends string> = { value: T; label: string; note: string }

export const BOLETO_NOTE = "aprovado em 1 a 3 dias"
export const boletoOption: MethodOption<"boleto"> = {
  value: "boleto",
  label: "Boleto",
  note: BOLETO_NOTE,
}

export type MethodChoiceProps<T extends string> = {
  options: readonly MethodOption<T>[]
  value: T
  onChange: (value: T) => void
  disabled?: boolean
}

/** The payment page's radio cards for how to pay, each with its approval note. */
export function MethodChoice<T extends string>({
  options,
  value,
  onChange,
  disabled = false,
}: MethodChoiceProps<T>) {
  const id = useId()
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-2">
      <legend className="sr-only">Como você quer pagar</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            "flex min-h-11 cursor-pointer items-center gap-3 rounded-card border-2 border-line bg-surface px-4 py-3",
            "has-[:checked]:border-brand has-[:checked]:bg-brand-soft",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-link",
          )}
        >
          <input
            type="radio"
            name={id}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            aria-labelledby={`${id}-${option.value}`}
            aria-describedby={`${id}-${option.value}-note`}
            className="size-5 shrink-0 accent-brand focus-visible:outline-none"
          />
          <span className="flex flex-col">
            <span id={`${id}-${option.value}`} className="font-semibold">
              {option.label}
            </span>
            <span id={`${id}-${option.value}-note`} className="text-sm text-muted">
              {option.note}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
