import { Controller, useForm, useWatch } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card, CardTitle } from "../../components/ui/card.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import type { CouponCreateBody, CouponFormInput } from "../../domain/coupons.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Plan } from "../../domain/models.ts"
import { formatBRL } from "../../domain/money.ts"
import { planLabel } from "../../domain/plans.ts"
import { SelectField } from "./studio-fields.tsx"

export const COUPON_CREATED = "Cupom criado"

// The form's schema, zod with it, and the body's builder arrive at the first focus or touch:
// the page shows none of them.
const loadCoupons = () => import("../../domain/coupons.ts")
const couponResolver = lazyZodResolver<CouponFormInput, CouponFormInput>(() =>
  loadCoupons().then((coupons) => coupons.couponFormSchema),
)

export type CouponFormProps = {
  /** The plans on sale: a coupon covers some of them. */
  plans: Pick<Plan, "id" | "name" | "valueCents">[]
  onCreate: (body: CouponCreateBody) => Promise<void>
  /** Why her gateway cannot give a free trial; null when it can. */
  trialRefusal?: string | null
}

const kinds = [
  { value: "percent", label: "Porcentagem" },
  { value: "fixed", label: "Valor fixo (R$)" },
  { value: "trial", label: "Teste grátis (dias)" },
] as const

const amountField = {
  percent: { label: "Desconto (%)", inputMode: "numeric", hint: undefined },
  fixed: { label: "Desconto (R$)", inputMode: "decimal", hint: undefined },
  trial: { label: "Dias grátis", inputMode: "numeric", hint: "Acesso antes da primeira cobrança" },
} as const

/** "Novo cupom": code, discount on the first period, plans, limit of uses and expiry. */
export function CouponForm({ plans, onCreate, trialRefusal = null }: CouponFormProps) {
  const { showAlert } = useAlert()
  const defaultValues: CouponFormInput = {
    code: "",
    kind: "percent",
    amount: "",
    planIds: plans.map((plan) => plan.id),
    maxUses: "",
    expiresOn: "",
  }
  const { control, handleSubmit, formState, reset } = useForm<CouponFormInput>({
    resolver: useLazyZodResolver(couponResolver),
    mode: "onTouched",
    defaultValues,
  })
  // After "Criar cupom", every field's message shows, touched or not (spec §5).
  const showError = formState.isSubmitted || undefined
  const kind = useWatch({ control, name: "kind" })
  const refusal = kind === "trial" ? trialRefusal : null
  const submit = handleSubmit(async (form) => {
    if (form.kind === "trial" && trialRefusal) return
    try {
      const { toCouponBody } = await loadCoupons()
      await onCreate(toCouponBody(form))
      showAlert({ type: "success", message: COUPON_CREATED })
      reset(defaultValues)
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    }
  })

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label="Novo cupom" className="flex flex-col gap-4">
        <CardTitle>Novo cupom</CardTitle>
        <p className="text-sm text-muted">
          {kind === "trial"
            ? "O teste grátis dá acesso na hora; a primeira cobrança, no cartão, vem no fim do teste pelo preço do plano."
            : "O desconto vale só no primeiro período; as renovações cobram o preço do plano."}
        </p>
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label="Código"
              hint="Pelo menos 4 letras ou números, sem espaços"
              autoCapitalize="characters"
              error={fieldState.error?.message}
              showError={showError}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <SelectField
                label="Tipo de desconto"
                options={kinds}
                error={refusal ?? undefined}
                {...field}
              />
            )}
          />
          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={amountField[kind].label}
                inputMode={amountField[kind].inputMode}
                hint={amountField[kind].hint}
                error={fieldState.error?.message}
                showError={showError}
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="planIds"
          render={({ field, fieldState }) => (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">Planos</legend>
              {plans.map((plan) => (
                <label key={plan.id} className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand"
                    checked={field.value.includes(plan.id)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, plan.id]
                          : field.value.filter((id) => id !== plan.id),
                      )
                    }
                  />
                  {planLabel(plan.name)} ({formatBRL(plan.valueCents)})
                </label>
              ))}
              {fieldState.error ? (
                <p className="text-sm text-danger-ink">{fieldState.error.message}</p>
              ) : null}
            </fieldset>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="maxUses"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Limite de usos"
                hint="Vazio para sem limite"
                inputMode="numeric"
                error={fieldState.error?.message}
                showError={showError}
              />
            )}
          />
          <Controller
            control={control}
            name="expiresOn"
            render={({ field }) => (
              <TextField {...field} type="date" label="Vale até" hint="Vazio para sem data" />
            )}
          />
        </div>
        <Button
          type="submit"
          loading={formState.isSubmitting}
          disabled={!!refusal}
          className="self-start"
        >
          Criar cupom
        </Button>
      </form>
    </Card>
  )
}
