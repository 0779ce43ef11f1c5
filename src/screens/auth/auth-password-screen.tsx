import { useEffect } from "react"
import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { messages } from "../../domain/field-messages.ts"
import type { LoginInput, LoginOutput } from "../../domain/validation.ts"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { authFailureMessage } from "./auth-errors.ts"
import { AuthStep } from "./auth-step.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"

const loginResolver = lazyZodResolver<LoginInput, LoginOutput>(() =>
  import("../../domain/validation.ts").then((validation) => validation.loginSchema),
)

export type AuthPasswordScreenProps = {
  /** The e-mail entered on the previous step. */
  email: string
  recoveryHref: string
  /** Where "Usar outro e-mail" leads (the e-mail step). */
  changeEmailHref: string
  /**
   * The sign-up step: this step comes after every e-mail, since the server never says which
   * ones have an account.
   */
  registerHref: string
  /** Logs in; the container then decides where to go. Rejects with the API error. */
  onSubmit: (values: LoginOutput) => Promise<void>
}

export function AuthPasswordScreen({
  email,
  recoveryHref,
  changeEmailHref,
  registerHref,
  onSubmit,
}: AuthPasswordScreenProps) {
  const { showAlert } = useAlert()
  const { control, handleSubmit, formState, setValue } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: useLazyZodResolver(loginResolver),
    mode: "onTouched",
    defaultValues: { usernameOrEmail: email, password: "" },
  })
  // Drawn by the server, the step gets the e-mail once the app runs; the password typed stays.
  useEffect(() => setValue("usernameOrEmail", email), [email, setValue])

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(values)
      } catch (error) {
        showAlert({ type: "danger", message: authFailureMessage(error) })
      }
    },
    () => showAlert({ type: "danger", message: messages.fillCorrectly }),
  )

  return (
    <AuthStep
      title="Digite a sua senha"
      description={
        <p>
          Entrando como <strong className="break-all text-ink">{email}</strong>
        </p>
      }
      onSubmit={submit}
      submitLabel="Continuar"
      submitting={formState.isSubmitting}
      secondaryLink={{ label: "Esqueci a senha", href: recoveryHref }}
      backLink={{ label: "Usar outro e-mail", href: changeEmailHref }}
    >
      {/* Lets password managers pair the password with the account. */}
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <FormTextField
        control={control}
        name="password"
        label="Senha"
        type="password"
        autoComplete="current-password"
        showError={formState.isSubmitted || undefined}
      />
      <p className="text-sm text-muted">
        Primeira vez aqui?{" "}
        <AppLink
          href={registerHref}
          className="font-semibold text-link underline-offset-4 hover:underline"
        >
          Criar conta
        </AppLink>
      </p>
    </AuthStep>
  )
}
