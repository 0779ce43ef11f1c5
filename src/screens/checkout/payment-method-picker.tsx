import { useId } from "react"
import { cn } from "../../components/ui/cn.ts"
import type { PaymentMethod } from "../../domain/models.ts"

// A boleto needs a signed-in payer with an address: it is paid from the payment page instead.
export type CheckoutMethod = Exclude<PaymentMethod, "link" | "boleto">

const options: Record<CheckoutMethod, { label: string; note: string }> = {
  pix: { label: "Pix", note: "aprovado na hora" },
  credit_card: { label: "Cartão de crédito", note: "aprovado na hora" },
}

/** The methods the checkout offers, in the creator's order. */
export function checkoutMethods(methods: readonly PaymentMethod[]): CheckoutMethod[] {
  return methods.filter((m): m is CheckoutMethod => m in options)
}

export type PaymentMethodPickerProps = {
  methods: readonly CheckoutMethod[]
  value: CheckoutMethod | null
  onChange: (method: CheckoutMethod) => void
  disabled?: boolean
  /** Why the choice is locked. */
  hint?: string
}

export function PaymentMethodPicker({
  methods,
  value,
  onChange,
  disabled = false,
  hint,
}: PaymentMethodPickerProps) {
  const id = useId()
  return (
    <fieldset
      disabled={disabled}
      aria-describedby={hint ? `${id}-hint` : undefined}
      className="flex min-w-0 flex-col gap-2"
    >
      <legend className="mb-2 text-lg font-semibold">Forma de pagamento</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 mb-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {methods.map((method) => (
        <label
          key={method}
          className={cn(
            "flex min-h-11 cursor-pointer items-center gap-3 rounded-card border-2 border-line bg-surface px-4 py-3 transition-colors",
            "hover:border-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-link",
            "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:disabled]:hover:border-line",
          )}
        >
          <input
            type="radio"
            name={id}
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            aria-labelledby={`${id}-${method}-label`}
            aria-describedby={`${id}-${method}-note`}
            className="size-5 shrink-0 accent-brand focus-visible:outline-none"
          />
          <span id={`${id}-${method}-label`} className="flex-1 font-semibold">
            {options[method].label}
          </span>
          <span id={`${id}-${method}-note`} className="text-sm text-muted">
            {options[method].note}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
