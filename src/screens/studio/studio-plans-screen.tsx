import { useState } from "react"
import { Controller, useForm, useWatch } from "react-hook-form"
import { ErrorState } from "../../components/error-state.tsx"
import { PlanPicker } from "../../components/plan-picker.tsx"
import { PriceSummary } from "../../components/price-summary.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import { errorMessage } from "../../domain/errors.ts"
import type { Plan, PlanName } from "../../domain/models.ts"
import { formatBRL } from "../../domain/money.ts"
import {
  SERVICE_FEE_CENTS,
  discountPercent,
  perMonthCents,
  planLabel,
  planMonths,
  totalCents,
} from "../../domain/plans.ts"
import { formatPriceInput, parsePriceCents } from "../../domain/studio-rules.ts"
import type { StudioPlan, StudioPlansFormInput } from "../../domain/studio.ts"
import { SwitchField } from "./studio-fields.tsx"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"

// The form's schema, and zod with it, loads at the first focus or touch: the page draws without.
const plansResolver = lazyZodResolver<StudioPlansFormInput, StudioPlansFormInput>(() =>
  import("../../domain/studio.ts").then((studio) => studio.studioPlansFormSchema),
)

export type StudioPlansView =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; plans: StudioPlan[] }

export type StudioPlanChange = { name: PlanName; active: boolean; valueCents: number | null }

export type StudioPlansScreenProps = {
  view: StudioPlansView
  onRetry: () => void
  onSave: (plans: StudioPlanChange[]) => Promise<void>
}

export const PLANS_SAVED = "Planos atualizados"

export function StudioPlansScreen({ view, onRetry, onSave }: StudioPlansScreenProps) {
  if (view.status === "loading") {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Carregando</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    )
  }
  if (view.status === "error") return <ErrorState message={view.message} onRetry={onRetry} />
  return <PlansForm plans={view.plans} onSave={onSave} />
}

/** The plans as the checkout will show them: only those on, with a valid price. */
function onSale(plans: StudioPlansFormInput["plans"]): Plan[] {
  return plans.flatMap((plan) => {
    const cents = parsePriceCents(plan.price)
    return plan.active && cents ? [{ id: plan.name, name: plan.name, valueCents: cents }] : []
  })
}

function PlansForm({
  plans,
  onSave,
}: {
  plans: StudioPlan[]
  onSave: StudioPlansScreenProps["onSave"]
}) {
  const { showAlert } = useAlert()
  const { control, handleSubmit, formState } = useForm<StudioPlansFormInput>({
    resolver: useLazyZodResolver(plansResolver),
    mode: "all",
    defaultValues: {
      plans: plans.map((plan) => ({
        name: plan.name,
        active: plan.active,
        price: plan.valueCents === null ? "" : formatPriceInput(plan.valueCents),
      })),
    },
  })
  const values = useWatch({ control, name: "plans" })
  const preview = onSale(values)
  const [chosen, setChosen] = useState<string | null>(null)
  const chosenPlan = preview.find((plan) => plan.id === chosen) ?? preview[0]

  const submit = handleSubmit(async (form) => {
    try {
      await onSave(
        form.plans.map((plan) => ({
          name: plan.name,
          active: plan.active,
          valueCents: parsePriceCents(plan.price),
        })),
      )
      showAlert({ type: "success", message: PLANS_SAVED })
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    }
  })

  const rootError = formState.errors.plans?.root?.message ?? formState.errors.plans?.message

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-muted">
        Ligue os planos que quer vender e defina o preço de cada período. O seguidor paga também a
        taxa de serviço de {formatBRL(SERVICE_FEE_CENTS)}.
      </p>
      {values.map((plan, index) => {
        const cents = parsePriceCents(plan.price)
        const label = planLabel(plan.name)
        const months = planMonths(plan.name)
        const priced = cents !== null ? { name: plan.name, valueCents: cents } : null
        const discount = priced && plan.active ? discountPercent(priced, preview) : 0
        return (
          <Card key={plan.name} role="region" aria-label={`Plano ${label.toLowerCase()}`}>
            <Controller
              control={control}
              name={`plans.${index}.active`}
              render={({ field }) => (
                <SwitchField
                  label={label}
                  description={months === 1 ? "Cobrado todo mês" : `Cobrado a cada ${months} meses`}
                  checked={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name={`plans.${index}.price`}
              render={({ field, fieldState }) => (
                <TextField
                  className="mt-3"
                  label={`Preço do plano ${label.toLowerCase()} (R$)`}
                  inputMode="decimal"
                  placeholder="29,90"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  showError={fieldState.error ? true : undefined}
                />
              )}
            />
            {priced ? (
              <div className="mt-2 flex flex-col gap-1 text-sm text-muted tabular-nums">
                <p className="flex flex-wrap items-center gap-2">
                  {formatBRL(perMonthCents(priced))}/mês
                  {discount > 0 ? (
                    <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-on-brand">
                      -{discount}%
                    </span>
                  ) : null}
                </p>
                <p>O seguidor paga {formatBRL(totalCents(priced))} com a taxa.</p>
              </div>
            ) : null}
          </Card>
        )
      })}
      {rootError ? (
        <p role="alert" className="text-danger-ink">
          {rootError}
        </p>
      ) : null}

      <Card role="region" aria-labelledby="preview-title" className="flex flex-col gap-4">
        <CardTitle id="preview-title">Como os seguidores veem</CardTitle>
        {preview.length ? (
          <>
            <PlanPicker
              plans={preview}
              value={chosenPlan?.id ?? null}
              onChange={setChosen}
              legend="Escolha um plano"
            />
            {chosenPlan ? <PriceSummary plan={chosenPlan} /> : null}
          </>
        ) : (
          <p className="text-muted">Nenhum plano à venda.</p>
        )}
      </Card>

      <div className="sticky bottom-0 -mx-4 border-t border-line bg-surface p-4">
        <Button type="submit" block loading={formState.isSubmitting}>
          Salvar planos
        </Button>
      </div>
    </form>
  )
}
