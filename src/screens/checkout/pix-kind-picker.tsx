import { useId } from "react"
import { cn } from "../../components/ui/cn.ts"
import { formatBRL } from "../../domain/money.ts"
import { frequencyPhrase, recurrenceFrequency } from "../../domain/pix-automatic.ts"

export type PixKind = "automatic" | "single"

export type PixKindPickerProps = {
  /** The plan's name (MONTHLY, QUARTERLY, SEMIANNUAL): it sets the debit frequency. */
  planName: string
  /** What each period costs, fee included. */
  amountCents: number
  /** This period's charge when a coupon lowers it; the debits after it cost `amountCents`. */
  firstAmountCents?: number
  value: PixKind
  onChange: (kind: PixKind) => void
  disabled?: boolean
}

const optionClass = cn(
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-card border-2 border-line bg-surface px-4 py-3 transition-colors",
  "hover:border-muted has-[:checked]:border-brand has-[:checked]:bg-brand-soft",
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-link",
  "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:disabled]:hover:border-line",
)

/**
 * With Pix chosen: Pix Automático (authorise once, the bank debits each period) or a one-off
 * Pix for this period only. States the amount per period, the frequency, the bank's notice
 * before each debit and that it can be cancelled any time up to the day before.
 */
export function PixKindPicker({
  planName,
  amountCents,
  firstAmountCents = amountCents,
  value,
  onChange,
  disabled = false,
}: PixKindPickerProps) {
  const id = useId()
  const frequency = recurrenceFrequency(planName)
  const amount = formatBRL(amountCents)
  const first = formatBRL(firstAmountCents)
  const automaticText =
    firstAmountCents === amountCents
      ? `${amount} ${frequencyPhrase(frequency)}`
      : `${first} agora e ${amount} ${frequencyPhrase(frequency)} depois`
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold">Como pagar com Pix</legend>
      <label className={optionClass}>
        <input
          type="radio"
          name={id}
          value="automatic"
          checked={value === "automatic"}
          onChange={() => onChange("automatic")}
          aria-labelledby={`${id}-automatic-label`}
          aria-describedby={`${id}-automatic-note`}
          className="mt-0.5 size-5 shrink-0 accent-brand focus-visible:outline-none"
        />
        <span className="flex flex-1 flex-col gap-1">
          <span id={`${id}-automatic-label`} className="font-semibold">
            Pix Automático (renova sozinho)
          </span>
          <span id={`${id}-automatic-note`} className="text-sm text-muted">
            {`${automaticText} (${frequency}). Você autoriza uma vez no app do seu banco, que avisa antes de cada débito. Cancele quando quiser, até o dia anterior ao débito.`}
          </span>
        </span>
      </label>
      <label className={optionClass}>
        <input
          type="radio"
          name={id}
          value="single"
          checked={value === "single"}
          onChange={() => onChange("single")}
          aria-labelledby={`${id}-single-label`}
          aria-describedby={`${id}-single-note`}
          className="mt-0.5 size-5 shrink-0 accent-brand focus-visible:outline-none"
        />
        <span className="flex flex-1 flex-col gap-1">
          <span id={`${id}-single-label`} className="font-semibold">
            Pix avulso
          </span>
          <span id={`${id}-single-note`} className="text-sm text-muted">
            {`${first} só para este período. Para renovar, você paga um novo Pix.`}
          </span>
        </span>
      </label>
    </fieldset>
  )
}
