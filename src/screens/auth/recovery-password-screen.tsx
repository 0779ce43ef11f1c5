import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { serverErrorMessage } from "../../domain/errors.ts"
import { PASSWORD_UPDATED } from "../../domain/messages.ts"
import { messages } from "../../domain/field-messages.ts"
import type { NewPasswordInput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { AuthStep } from "./auth-step.tsx"
import { NewPasswordFields } from "./new-password-fields.tsx"

type NewPassword = { password: string; confirmPassword: string }

const newPasswordResolver = lazyZodResolver<NewPasswordInput, NewPasswordInput>(() =>
  import("../../domain/validation.ts").then((validation) => validation.newPasswordSchema),
)

export type RecoveryPasswordScreenProps = {
  loginHref: string
  /**
   * Saves the new password. On success this screen says "Senha atualizada com sucesso" and the
   * container goes to login.
   */
  onSubmit: (values: NewPassword) => Promise<void>
}

export function RecoveryPasswordScreen({ loginHref, onSubmit }: RecoveryPasswordScreenProps) {
  const { showAlert } = useAlert()
  const { control, handleSubmit, formState, trigger } = useForm<
    NewPasswordInput,
    unknown,
    NewPassword
  >({
    resolver: useLazyZodResolver(newPasswordResolver),
    mode: "onTouched",
    defaultValues: { password: "", confirmPassword: "" },
  })

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(values)
        showAlert({ type: "success", message: PASSWORD_UPDATED })
      } catch (error) {
        showAlert({ type: "danger", message: serverErrorMessage(error) })
      }
    },
    () => showAlert({ type: "danger", message: messages.fillCorrectly }),
  )

  const showError = formState.isSubmitted || undefined

  return (
    <AuthStep
      title="Escolha uma nova senha"
      onSubmit={submit}
      submitLabel="Salvar nova senha"
      submitting={formState.isSubmitting}
      backLink={{ label: "Voltar para o login", href: loginHref }}
    >
      <NewPasswordFields
        control={control}
        trigger={trigger}
        formState={formState}
        password={{ name: "password", label: "Nova senha" }}
        confirmation={{ name: "confirmPassword", label: "Confirmar nova senha" }}
        showError={showError}
      />
    </AuthStep>
  )
}
