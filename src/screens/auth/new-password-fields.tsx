import type { Control, FieldPath, FieldValues, FormState, UseFormTrigger } from "react-hook-form"
import { FormTextField } from "../../components/ui/form-text-field.tsx"

export type NewPasswordFieldsProps<Values extends FieldValues> = {
  control: Control<Values>
  trigger: UseFormTrigger<NoInfer<Values>>
  formState: FormState<NoInfer<Values>>
  password: { name: FieldPath<Values>; label: string; hint?: string }
  confirmation: { name: FieldPath<Values>; label: string }
  showError?: boolean
}

/**
 * A new password and its confirmation, both offered to the password manager as new. Once the
 * confirmation has been left, it is checked again whenever the password changes (spec §5).
 */
export function NewPasswordFields<Values extends FieldValues>({
  control,
  trigger,
  formState,
  password,
  confirmation,
  showError,
}: NewPasswordFieldsProps<Values>) {
  const confirmationTouched = () =>
    Boolean((formState.touchedFields as Record<string, unknown>)[confirmation.name])
  return (
    <>
      <FormTextField
        control={control}
        name={password.name}
        onValueChange={() => {
          if (confirmationTouched()) void trigger(confirmation.name)
        }}
        label={password.label}
        type="password"
        autoComplete="new-password"
        hint={password.hint}
        showError={showError}
      />
      <FormTextField
        control={control}
        name={confirmation.name}
        label={confirmation.label}
        type="password"
        autoComplete="new-password"
        showError={showError}
      />
    </>
  )
}
