import { useEffect } from "react"
import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { FormEmailField } from "../../components/ui/form-text-field.tsx"
import { messages } from "../../domain/field-messages.ts"
import type { RegisterInput, RegisterOutput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { authFailureMessage } from "./auth-errors.ts"
import { AuthStep } from "./auth-step.tsx"
import { NewPasswordFields } from "./new-password-fields.tsx"

const registerResolver = lazyZodResolver<RegisterInput, RegisterOutput>(() =>
  import("../../domain/validation.ts").then((validation) => validation.registerSchema),
)

export type RegisterPasswordScreenProps = {
  /** The e-mail entered on the previous step; the server says on submit if it is taken. */
  email: string
  loginHref: string
  /** Creates the account; the container then goes on. Rejects with the API error. */
  onSubmit: (values: RegisterOutput) => Promise<void>
}

export function RegisterPasswordScreen({
  email,
  loginHref,
  onSubmit,
}: RegisterPasswordScreenProps) {
  const { showAlert } = useAlert()
  const { control, handleSubmit, formState, trigger, setValue } = useForm<
    RegisterInput,
    unknown,
    RegisterOutput
  >({
    resolver: useLazyZodResolver(registerResolver),
    mode: "onTouched",
    defaultValues: { email, confirmEmail: "", password: "", confirmPassword: "" },
  })
  // Drawn by the server, the step gets the e-mail once the app runs; what was typed stays.
  useEffect(() => setValue("email", email), [email, setValue])

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(values)
      } catch (error) {
        showAlert({ type: "danger", message: authFailureMessage(error) })
      }
    },
    (errors) => {
      // Spec §5: with every field filled in, differing passwords get their own alert.
      const onlyPasswordsDiffer =
        errors.confirmPassword?.message === messages.confirmPassword &&
        Object.keys(errors).length === 1
      showAlert({
        type: "danger",
        message: onlyPasswordsDiffer ? messages.confirmPassword : messages.fillFieldsCorrectly,
      })
    },
  )

  const showError = formState.isSubmitted || undefined

  return (
    <AuthStep
      title="Crie a sua conta"
      description={
        <p>
          E-mail: <strong className="break-all text-ink">{email}</strong>
        </p>
      }
      onSubmit={submit}
      submitLabel="Continuar"
      submitting={formState.isSubmitting}
      backLink={{ label: "Voltar para o login", href: loginHref }}
    >
      <FormEmailField
        control={control}
        name="confirmEmail"
        label="Confirmar e-mail"
        showError={showError}
      />
      <NewPasswordFields
        control={control}
        trigger={trigger}
        formState={formState}
        password={{ name: "password", label: "Escolher senha" }}
        confirmation={{ name: "confirmPassword", label: "Confirmar senha" }}
        showError={showError}
      />
    </AuthStep>
  )
}
