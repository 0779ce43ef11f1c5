import { zodResolver } from "@hookform/resolvers/zod"
import { useForm, type Control } from "react-hook-form"
import { z } from "zod"
import { fields } from "../../domain/validation.ts"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { FormMaskedTextField } from "../../components/ui/form-masked-text-field.tsx"
import { useFormHandle, type OwnedFormProps } from "../../components/ui/form-handle.ts"

/** Pix Automático is authorised in the payer's bank, so it needs the account holder's name and CPF. */
export const pixPayerSchema = z.object({
  accountName: fields.name,
  accountDocument: fields.cpf,
})
export type PixPayerInput = z.input<typeof pixPayerSchema>
export type PixPayer = z.output<typeof pixPayerSchema>

/** The payer form's state, validated on every change so "Assinar" knows when it is ready. */
export function usePixPayerForm() {
  return useForm<PixPayerInput, unknown, PixPayer>({
    resolver: zodResolver(pixPayerSchema),
    mode: "all",
    defaultValues: { accountName: "", accountDocument: "" },
  })
}

export type PixPayerFieldsProps = {
  control: Control<PixPayerInput, unknown, PixPayer>
  disabled?: boolean
}

export function PixPayerFields({ control, disabled = false }: PixPayerFieldsProps) {
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-4">
      <legend className="mb-1 text-lg font-semibold">Titular da conta do Pix Automático</legend>
      <p className="-mt-1 text-sm text-muted">
        Use os dados da conta em que você vai autorizar o débito.
      </p>
      <FormTextField
        control={control}
        name="accountName"
        label="Nome do titular da conta"
        autoComplete="name"
      />
      <FormMaskedTextField
        control={control}
        name="accountDocument"
        label="CPF do titular da conta"
        mask="person"
        inputMode="numeric"
      />
    </fieldset>
  )
}

export type PixPayerFormProps = OwnedFormProps<PixPayer> & { disabled?: boolean }

/** The payer form with its own state, for a screen that loads it only once Pix Automático is chosen. */
export function PixPayerForm({ disabled, ...owner }: PixPayerFormProps) {
  const form = usePixPayerForm()
  useFormHandle(form, owner)
  return <PixPayerFields control={form.control} disabled={disabled} />
}
