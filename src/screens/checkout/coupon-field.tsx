import { useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import { COUPON_CODE_PATTERN, couponDiscountLabel } from "../../domain/coupon-prices.ts"
import type { CouponQuote } from "../../domain/coupons.ts"
import { messages } from "../../domain/field-messages.ts"

/** The checkout's coupon: none yet, being checked, applied, or refused with the server's message. */
export type CouponView =
  | { status: "none" }
  | { status: "checking"; code: string }
  | { status: "applied"; quote: CouponQuote }
  | { status: "refused"; code: string; message: string }

export type CouponFieldProps = {
  coupon: CouponView
  /** A message when the applied coupon does not cover the chosen plan. */
  planMessage?: string | null
  onApply: (code: string) => void
  onRemove: () => void
  disabled?: boolean
}

/** "Tenho um cupom": a link that opens the field, the code applied with its discount, or why not. */
export function CouponField({
  coupon,
  planMessage,
  onApply,
  onRemove,
  disabled = false,
}: CouponFieldProps) {
  const [open, setOpen] = useState(coupon.status !== "none")
  const [typed, setTyped] = useState(coupon.status === "refused" ? coupon.code : "")
  const [formatError, setFormatError] = useState<string | null>(null)

  if (coupon.status === "applied") {
    return (
      <section aria-label="Cupom" className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-3 rounded-card border border-brand bg-brand-soft px-4 py-2">
          <p>
            Cupom <strong>{coupon.quote.code}</strong> aplicado{" "}
            <span className="rounded-full bg-brand px-2 py-0.5 text-sm font-semibold text-on-brand tabular-nums">
              {couponDiscountLabel(coupon.quote)}
            </span>
          </p>
          <Button variant="link" onClick={onRemove} disabled={disabled}>
            Remover
          </Button>
        </div>
        {planMessage ? (
          <p role="status" className="text-sm text-danger-ink">
            {planMessage}
          </p>
        ) : null}
      </section>
    )
  }

  if (!open) {
    return (
      <Button
        variant="link"
        className="self-start"
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        Tenho um cupom
      </Button>
    )
  }

  const apply = () => {
    // The same rule as the coupon field's schema, without loading zod on the checkout.
    const code = typed.trim().toUpperCase()
    if (!COUPON_CODE_PATTERN.test(code)) return setFormatError(messages.minlength)
    setFormatError(null)
    onApply(code)
  }
  const error = formatError ?? (coupon.status === "refused" ? coupon.message : undefined)
  return (
    <section aria-label="Cupom" className="flex items-start gap-2">
      <TextField
        className="flex-1"
        label="Cupom"
        autoCapitalize="characters"
        autoComplete="off"
        value={typed}
        onChange={setTyped}
        onKeyDown={(event) => {
          if (event.key === "Enter") apply()
        }}
        error={error}
        showError={error ? true : undefined}
        disabled={disabled}
      />
      <Button
        variant="secondary"
        className="mt-7"
        onClick={apply}
        loading={coupon.status === "checking"}
        disabled={disabled || typed.trim() === ""}
      >
        Aplicar
      </Button>
    </section>
  )
}
