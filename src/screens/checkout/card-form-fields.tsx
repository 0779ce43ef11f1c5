import { zodResolver } from "@hookform/resolvers/zod"
import { Controller, useForm, type Control } from "react-hook-form"
import { TextField } from "../../components/ui/text-field.tsx"
import { cardFormSchema, type CardFormInput, type CardFormOutput } from "../../domain/validation.ts"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { FormMaskedTextField } from "../../components/ui/form-masked-text-field.tsx"
import { useFormHandle, type OwnedFormProps } from "../../components/ui/form-handle.ts"

export type CardDetails = Pick<
  CardFormOutput,
  "cardNumber" | "cardHolderName" | "cardExpDate" | "cardCVV"
>

/** What the card provider's browser library returns for a card; the number never reaches us. */
export type CardToken = { token: string; bin: string; last4: string }

export type TokenizeCard = (card: CardDetails) => Promise<CardToken>

const emptyCard: CardFormInput = {
  accountName: "",
  accountDocument: "",
  cardNumber: "",
  cardHolderName: "",
  cardExpDate: "",
  cardCVV: "",
}

/** The card form's state, validated on every change so the pay button knows when it is ready. */
export function useCardForm() {
  return useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    mode: "all",
    defaultValues: emptyCard,
  })
}

export type CardFormFieldsProps = {
  control: Control<CardFormInput, unknown, CardFormOutput>
  disabled?: boolean
}

export function CardFormFields({ control, disabled = false }: CardFormFieldsProps) {
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-4">
      <legend className="mb-3 text-lg font-semibold">Dados do cartão</legend>
      <FormTextField
        control={control}
        name="accountName"
        label="Nome do titular da conta"
        autoComplete="name"
      />
      <FormMaskedTextField
        control={control}
        name="accountDocument"
        label="CPF/CNPJ do titular da conta"
        mask="person"
      />
      <FormMaskedTextField
        control={control}
        name="cardNumber"
        label="Número do cartão"
        mask="cardNumber"
        autoComplete="cc-number"
      />
      <Controller
        control={control}
        name="cardHolderName"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            onChange={(value) => field.onChange(value.toUpperCase())}
            label="Nome impresso no cartão"
            autoComplete="cc-name"
            autoCapitalize="characters"
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormMaskedTextField
          control={control}
          name="cardExpDate"
          label="Validade (MM/AA)"
          mask="cardExpDate"
          autoComplete="cc-exp"
        />
        <FormMaskedTextField
          control={control}
          name="cardCVV"
          label="CVV"
          mask="cvv"
          autoComplete="cc-csc"
        />
      </div>
    </fieldset>
  )
}

export type CardFormProps = OwnedFormProps<CardFormOutput> & { disabled?: boolean }

/** The card form with its own state, for a screen that loads it only once a card is chosen. */
export function CardForm({ disabled, ...owner }: CardFormProps) {
  const form = useCardForm()
  useFormHandle(form, owner)
  return <CardFormFields control={form.control} disabled={disabled} />
}
