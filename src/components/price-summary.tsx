import type { Plan } from "../domain/models.ts"
import { formatBRL } from "../domain/money.ts"
import { SERVICE_FEE_CENTS, planLabel, totalCents } from "../domain/plans.ts"
import { cn } from "./ui/cn.ts"

export type PriceSummaryProps = {
  plan: Pick<Plan, "name" | "valueCents">
  title?: string
  className?: string
}

/** What the buyer pays: the plan, the service fee and the total, in that order. */
export function PriceSummary({ plan, title = "Resumo da compra", className }: PriceSummaryProps) {
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
        <div className="mt-1 flex justify-between gap-4 border-t border-line pt-2 text-lg font-semibold">
          <dt>Total</dt>
          <dd>{formatBRL(totalCents(plan))}</dd>
        </div>
      </dl>
    </section>
  )
}
