import { useId, useRef } from "react"
import type { Plan } from "../domain/models.ts"
import { formatBRL } from "../domain/money.ts"
import { discountPercent, perMonthCents, planLabel, planMonths } from "../domain/plans.ts"
import { cn } from "./ui/cn.ts"
import { useChoiceMadeBeforeHydration } from "./ui/use-choice-made-before-hydration.ts"

export type PlanPickerProps = {
  plans: readonly Plan[]
  /** The chosen plan's id; none is chosen while undefined. */
  value?: string | null
  onChange: (planId: string) => void
  /** Locks the choice, e.g. while a payment for the chosen plan is under way. */
  disabled?: boolean
  /** Shown under the heading, e.g. why the choice is locked. */
  hint?: string
  legend?: string
  className?: string
}

/** Native radios, so arrow keys, Tab and screen readers behave as people expect. */
export function PlanPicker({
  plans,
  value,
  onChange,
  disabled = false,
  hint,
  legend = "Escolha um plano",
  className,
}: PlanPickerProps) {
  const id = useId()
  const group = useRef<HTMLFieldSetElement>(null)
  useChoiceMadeBeforeHydration(group, value, onChange)
  return (
    <fieldset
      ref={group}
      data-slot="plan-picker"
      disabled={disabled}
      aria-describedby={hint ? `${id}-hint` : undefined}
      className={cn("flex min-w-0 flex-col gap-2", className)}
    >
      <legend className="mb-2 text-lg font-semibold">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 mb-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {plans.map((plan) => {
        const discount = discountPercent(plan, plans)
        const months = planMonths(plan.name)
        const optionId = `${id}-${plan.id}`
        return (
          <label
            key={plan.id}
            className={cn(
              "flex min-h-11 cursor-pointer items-center gap-3 rounded-card border-2 border-line bg-surface p-4 transition-colors",
              "hover:border-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-link",
              "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:disabled]:hover:border-line",
            )}
          >
            <input
              type="radio"
              name={id}
              value={plan.id}
              checked={value === plan.id}
              onChange={() => onChange(plan.id)}
              aria-labelledby={`${optionId}-name`}
              aria-describedby={`${optionId}-price`}
              className="size-5 shrink-0 accent-brand focus-visible:outline-none"
            />
            <span
              id={`${optionId}-name`}
              className="flex flex-1 flex-wrap items-center gap-2 font-semibold"
            >
              {planLabel(plan.name)}
              {discount > 0 ? (
                <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-on-brand tabular-nums">
                  -{discount}%
                </span>
              ) : null}
            </span>
            <span id={`${optionId}-price`} className="flex flex-col items-end tabular-nums">
              <span className="font-semibold">{formatBRL(plan.valueCents)}</span>
              {months > 1 ? (
                <span className="text-sm text-muted">{formatBRL(perMonthCents(plan))}/mês</span>
              ) : null}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
