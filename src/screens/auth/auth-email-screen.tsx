import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { messages } from "../../domain/field-messages.ts"
import type { EmailStepInput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { AuthStep } from "./auth-step.tsx"
import { FormEmailField } from "../../components/ui/form-text-field.tsx"

const emailStepResolver = lazyZodResolver<EmailStepInput, { email: string }>(() =>
  import("../../domain/validation.ts").then((validation) => validation.emailStepSchema),
)

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
    resolver: useLazyZodResolver(emailStepResolver),
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
      <FormEmailField
        control={control}
        name="email"
        label="E-mail"
        showError={formState.isSubmitted || undefined}
      />
    </AuthStep>
  )
}
