import { formatDate } from "../domain/dates.ts"
import type { Plan } from "../domain/models.ts"
import { formatBRL } from "../domain/money.ts"
import { SERVICE_FEE_CENTS, planLabel, totalCents } from "../domain/plans.ts"
import { cn } from "./ui/cn.ts"

export type PriceSummaryProps = {
  plan: Pick<Plan, "name" | "valueCents">
  /**
   * A coupon applied to this plan: its code, its pill and the first charge with it; for a free
   * trial, when that charge comes (nothing is paid today).
   */
  coupon?: {
    code: string
    label: string
    firstChargeCents: number
    trialEndsAt?: string | null
    /** How a trial's first charge comes: the saved card, or the authorised Pix Automático. */
    trialDebit?: "card" | "automaticPix"
  } | null
  title?: string
  className?: string
}

/**
 * What the buyer pays: the plan, the service fee and the total, in that order. With a coupon,
 * its discount and the first charge beside the original total, struck through; with a free
 * trial, nothing today and the plan's total from the day the trial ends.
 */
export function PriceSummary({
  plan,
  coupon = null,
  title = "Resumo da compra",
  className,
}: PriceSummaryProps) {
  const rows = [
    [`Assinatura ${planLabel(plan.name).toLowerCase()}`, formatBRL(plan.valueCents)],
    ["Taxa de serviço", formatBRL(SERVICE_FEE_CENTS)],
  ] as const
  return (
    <section
      data-slot="price-summary"
      aria-label={title}
      className={cn("flex flex-col gap-2", className)}
    >
      <h2 className="text-base font-semibold">{title}</h2>
      <dl className="flex flex-col gap-1 tabular-nums">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4 text-muted">
            <dt>{label}</dt>
            <dd>{amount}</dd>
          </div>
        ))}
        {coupon ? (
          <div className="flex justify-between gap-4 text-muted">
            <dt>Cupom {coupon.code}</dt>
            <dd>{coupon.label}</dd>
          </div>
        ) : null}
        {coupon?.trialEndsAt ? (
          <TrialTotal trialEndsAt={coupon.trialEndsAt} chargeCents={coupon.firstChargeCents} />
        ) : (
          <div className="mt-1 flex justify-between gap-4 border-t border-line pt-2 text-lg font-semibold">
            <dt>Total</dt>
            {coupon ? (
              <dd className="flex items-baseline gap-2">
                <s className="text-base font-normal text-muted">
                  <span className="sr-only">De </span>
                  {formatBRL(totalCents(plan))}
                </s>
                <span>
                  <span className="sr-only">por </span>
                  {formatBRL(coupon.firstChargeCents)}
                </span>
              </dd>
            ) : (
              <dd>{formatBRL(totalCents(plan))}</dd>
            )}
          </div>
        )}
      </dl>
      {coupon?.trialEndsAt ? (
        <p className="text-sm text-muted">
          {coupon.label}: hoje você não paga nada. Em {formatDate(coupon.trialEndsAt)}{" "}
          {coupon.trialDebit === "automaticPix"
            ? "o Pix Automático debita"
            : "o cartão é cobrado em"}{" "}
          {formatBRL(coupon.firstChargeCents)}, e a assinatura renova por esse valor.
        </p>
      ) : coupon ? (
        <p className="text-sm text-muted">
          O desconto vale para o primeiro período. Depois, a assinatura renova por{" "}
          {formatBRL(totalCents(plan))}.
        </p>
      ) : null}
    </section>
  )
}

/** A trial's totals: nothing today, the plan's total from its end. */
function TrialTotal({ trialEndsAt, chargeCents }: { trialEndsAt: string; chargeCents: number }) {
  return (
    <>
      <div className="mt-1 flex justify-between gap-4 border-t border-line pt-2 text-lg font-semibold">
        <dt>Total hoje</dt>
        <dd>{formatBRL(0)}</dd>
      </div>
      <div className="flex justify-between gap-4 text-muted">
        <dt>A partir de {formatDate(trialEndsAt)}</dt>
        <dd>{formatBRL(chargeCents)}</dd>
      </div>
    </>
  )
}
