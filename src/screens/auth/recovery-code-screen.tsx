import { useState } from "react"
import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { Button } from "../../components/ui/button.tsx"
import { serverErrorMessage } from "../../domain/errors.ts"
import { messages } from "../../domain/field-messages.ts"
import type { RecoveryCodeInput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { AuthStep } from "./auth-step.tsx"
import { FormMaskedTextField } from "../../components/ui/form-masked-text-field.tsx"

const recoveryCodeResolver = lazyZodResolver<RecoveryCodeInput, RecoveryCodeInput>(() =>
  import("../../domain/validation.ts").then((validation) => validation.recoveryCodeSchema),
)

export type RecoveryCodeScreenProps = {
  /** The e-mail the code was sent to. */
  email: string
  loginHref: string
  /** Checks the code; the container keeps the recovery token and goes to the new password. */
  onSubmit: (values: { email: string; code: string }) => Promise<void>
  /** Sends a new code to the same e-mail. */
  onResend: () => Promise<void>
}

export function RecoveryCodeScreen({
  email,
  loginHref,
  onSubmit,
  onResend,
}: RecoveryCodeScreenProps) {
  const { showAlert } = useAlert()
  const [resending, setResending] = useState(false)
  const { control, handleSubmit, formState } = useForm<
    RecoveryCodeInput,
    unknown,
    { email: string; code: string }
  >({
    resolver: useLazyZodResolver(recoveryCodeResolver),
    mode: "onTouched",
    defaultValues: { email, code: "" },
  })

  const fail = (error: unknown) => showAlert({ type: "danger", message: serverErrorMessage(error) })

  const submit = handleSubmit(
    async (values) => {
      await onSubmit(values).catch(fail)
    },
    () => showAlert({ type: "danger", message: messages.fillCorrectly }),
  )

  const resend = async () => {
    setResending(true)
    try {
      await onResend()
      showAlert({ type: "success", message: `Enviamos um novo código para ${email}.` })
    } catch (error) {
      fail(error)
    } finally {
      setResending(false)
    }
  }

  return (
    <AuthStep
      title="Insira o código recebido por e-mail"
      description={
        <p>
          Enviamos um código de 6 dígitos para{" "}
          <strong className="break-all text-ink">{email}</strong>.
        </p>
      }
      onSubmit={submit}
      submitLabel="Continuar"
      submitting={formState.isSubmitting}
      backLink={{ label: "Voltar para o login", href: loginHref }}
    >
      <FormMaskedTextField
        control={control}
        name="code"
        label="Código"
        mask="code"
        autoComplete="one-time-code"
        placeholder="000000"
        showError={formState.isSubmitted || undefined}
        className="[&_input]:text-center [&_input]:text-xl [&_input]:tracking-[0.5em] [&_input]:tabular-nums"
      />
      <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-muted">
        Não recebeu?
        <Button variant="link" loading={resending} className="text-sm" onClick={resend}>
          Reenviar código
        </Button>
      </p>
    </AuthStep>
  )
}
