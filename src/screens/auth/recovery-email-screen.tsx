import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { serverErrorMessage } from "../../domain/errors.ts"
import { messages } from "../../domain/field-messages.ts"
import type { RecoveryEmailInput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { AuthStep } from "./auth-step.tsx"
import { FormEmailField } from "../../components/ui/form-text-field.tsx"

const recoveryEmailResolver = lazyZodResolver<RecoveryEmailInput, RecoveryEmailInput>(() =>
  import("../../domain/validation.ts").then((validation) => validation.recoveryEmailSchema),
)

export type RecoveryEmailScreenProps = {
  defaultEmail?: string
  loginHref: string
  /** Sends the code by e-mail; the container then goes to the code step. */
  onSubmit: (values: { email: string }) => Promise<void>
}

export function RecoveryEmailScreen({
  defaultEmail = "",
  loginHref,
  onSubmit,
}: RecoveryEmailScreenProps) {
  const { showAlert } = useAlert()
  const { control, handleSubmit, formState } = useForm<
    RecoveryEmailInput,
    unknown,
    { email: string }
  >({
    resolver: useLazyZodResolver(recoveryEmailResolver),
    mode: "onTouched",
    defaultValues: { email: defaultEmail },
  })

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(values)
      } catch (error) {
        showAlert({ type: "danger", message: serverErrorMessage(error) })
      }
    },
    () => showAlert({ type: "danger", message: messages.fillCorrectly }),
  )

  return (
    <AuthStep
      title="Enviaremos um e-mail com o código de verificação"
      onSubmit={submit}
      submitLabel="Enviar código"
      submitting={formState.isSubmitting}
      backLink={{ label: "Voltar para o login", href: loginHref }}
    >
      <FormEmailField
        control={control}
        name="email"
        label="E-mail"
        showError={formState.isSubmitted || undefined}
      />
    </AuthStep>
  )
}
