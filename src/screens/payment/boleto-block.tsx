import { zodResolver } from "@hookform/resolvers/zod"
import { useId, useState } from "react"
import { Controller, useForm, type Control } from "react-hook-form"
import { PriceSummary } from "../../components/price-summary.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { cn } from "../../components/ui/cn.ts"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { FormMaskedTextField } from "../../components/ui/form-masked-text-field.tsx"
import { inputVariants } from "../../components/ui/text-field.tsx"
import {
  boletoPayerSchema,
  FEDERATIVE_UNITS,
  type BoletoPayer,
  type BoletoPayerInput,
} from "../../domain/boleto.ts"
import { serverErrorMessage } from "../../domain/errors.ts"
import type { Plan } from "../../domain/models.ts"
import type { AppliedCoupon } from "../checkout/coupon-for-plan.ts"
import { PayButton } from "./gateway-blocks.tsx"
import { BOLETO_NOTE } from "./method-choice.tsx"

const emptyPayer: BoletoPayerInput = {
  accountName: "",
  accountDocument: "",
  address: {
    zipCode: "",
    street: "",
    number: "",
    complement: "",
    neighborhood: "",
    city: "",
    state: "",
  },
}

type PayerControl = Control<BoletoPayerInput, unknown, BoletoPayer>

export type BoletoBlockProps = {
  plan: Plan | null
  /** Issues the boleto; a rejection is shown as the server's message. */
  onGenerate: (payer: BoletoPayer, plan: Plan) => Promise<void>
  /** A coupon covering the plan: the summary shows its first charge. */
  coupon?: AppliedCoupon | null
}

/** The boleto's payer (name, CPF/CNPJ and address, which banks require) and "Gerar boleto". */
export function BoletoBlock({ plan, onGenerate, coupon = null }: BoletoBlockProps) {
  const id = useId()
  const { showAlert } = useAlert()
  const [submitting, setSubmitting] = useState(false)
  const form = useForm<BoletoPayerInput, unknown, BoletoPayer>({
    resolver: zodResolver(boletoPayerSchema),
    mode: "onTouched",
    defaultValues: emptyPayer,
  })
  // After a submit every message shows, not only those of fields already visited.
  const showError = form.formState.isSubmitted || undefined

  async function generate(payer: BoletoPayer, chosen: Plan) {
    const { complement, ...address } = payer.address
    setSubmitting(true)
    try {
      await onGenerate(
        { ...payer, address: complement ? { ...address, complement } : address },
        chosen,
      )
    } catch (error) {
      showAlert({ type: "danger", message: serverErrorMessage(error) })
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-title`} className="text-lg font-semibold">
          Boleto
        </h3>
        <p className="text-sm text-muted">
          O boleto é {BOLETO_NOTE} depois de pago. O banco o registra com o nome, o CPF ou CNPJ e o
          endereço de quem paga.
        </p>
      </div>
      <fieldset disabled={submitting} className="flex min-w-0 flex-col gap-4">
        <legend className="mb-3 font-semibold">Dados do pagador</legend>
        <FormTextField
          control={form.control}
          name="accountName"
          label="Nome completo"
          autoComplete="name"
          showError={showError}
        />
        <FormMaskedTextField
          control={form.control}
          name="accountDocument"
          label="CPF/CNPJ"
          mask="person"
          showError={showError}
        />
        <FormMaskedTextField
          control={form.control}
          name="address.zipCode"
          label="CEP"
          mask="zipcode"
          autoComplete="postal-code"
          showError={showError}
        />
        <FormTextField
          control={form.control}
          name="address.street"
          label="Rua"
          autoComplete="address-line1"
          showError={showError}
        />
        <div className="grid grid-cols-[7rem_1fr] gap-3">
          <FormTextField
            control={form.control}
            name="address.number"
            label="Número"
            inputMode="numeric"
            showError={showError}
          />
          <FormTextField
            control={form.control}
            name="address.complement"
            label="Complemento (opcional)"
            autoComplete="address-line2"
            showError={showError}
          />
        </div>
        <FormTextField
          control={form.control}
          name="address.neighborhood"
          label="Bairro"
          showError={showError}
        />
        <div className="grid grid-cols-[1fr_6.5rem] gap-3">
          <FormTextField
            control={form.control}
            name="address.city"
            label="Cidade"
            autoComplete="address-level2"
            showError={showError}
          />
          <StateSelect control={form.control} showError={showError} />
        </div>
      </fieldset>

      {plan ? <PriceSummary plan={plan} coupon={coupon} /> : null}

      <PayButton
        label="Gerar boleto"
        plan={plan}
        loading={submitting}
        onClick={(chosen) => void form.handleSubmit((payer) => generate(payer, chosen))()}
      />
    </section>
  )
}

/** The UF, from the 27 the banks accept. */
function StateSelect({ control, showError }: { control: PayerControl; showError?: boolean }) {
  const id = useId()
  return (
    <Controller
      control={control}
      name="address.state"
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message
        const visible = Boolean(error) && (showError ?? fieldState.isTouched)
        return (
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-semibold text-ink">
              Estado
            </label>
            <select
              id={id}
              ref={field.ref}
              name={field.name}
              value={field.value ?? ""}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              autoComplete="address-level1"
              aria-invalid={visible || undefined}
              aria-describedby={visible ? `${id}-error` : undefined}
              className={cn(inputVariants({ invalid: visible }), "appearance-auto")}
            >
              <option value="">UF</option>
              {FEDERATIVE_UNITS.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </select>
            <p
              id={`${id}-error`}
              aria-live="polite"
              className="text-sm text-danger-ink empty:hidden"
            >
              {visible ? error : null}
            </p>
          </div>
        )
      }}
    />
  )
}
