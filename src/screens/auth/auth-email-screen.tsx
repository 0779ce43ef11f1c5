import { zodResolver } from "@hookform/resolvers/zod"
import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { emailStepSchema, messages, type EmailStepInput } from "../../domain/validation.ts"
import { AuthStep } from "./auth-step.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"

export type AuthEmailScreenProps = {
  defaultEmail?: string
  recoveryHref: string
  /** Remembers the e-mail and goes on to the password step; a rejection shows nothing here. */
  onSubmit: (values: { email: string }) => Promise<void>
}

export function AuthEmailScreen({
  defaultEmail = "",
  recoveryHref,
  onSubmit,
}: AuthEmailScreenProps) {
  const { showAlert } = useAlert()
  const { control, handleSubmit, formState } = useForm<EmailStepInput, unknown, { email: string }>({
    resolver: zodResolver(emailStepSchema),
    mode: "onTouched",
    defaultValues: { email: defaultEmail },
  })

  const submit = handleSubmit(
    async (values) => {
      await onSubmit(values).catch(() => undefined)
    },
    () => showAlert({ type: "danger", message: messages.fillCorrectly }),
  )

  return (
    <AuthStep
      title="Entre com o seu e-mail"
      description="Para assinar ou acessar o seu Close Friends."
      onSubmit={submit}
      submitLabel="Continuar"
      submitting={formState.isSubmitting}
      secondaryLink={{ label: "Esqueci a senha", href: recoveryHref }}
    >
      <FormTextField
        control={control}
        name="email"
        normalize={(value) => value.toLowerCase()}
        label="E-mail"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        showError={formState.isSubmitted || undefined}
      />
    </AuthStep>
  )
}
