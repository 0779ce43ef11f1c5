import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import { browserClock, type Clock } from "../../components/clock.ts"
import { useAlert } from "../../components/ui/alert.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button } from "../../components/ui/button.tsx"
import { CheckCircleIcon } from "../../components/ui/icons.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import { EMAIL_CHECK_DEBOUNCE_MS } from "../../domain/constants.ts"
import { errorCode, errorMessage } from "../../domain/errors.ts"
import { normaliseEmail } from "../../domain/email.ts"
import { messages } from "../../domain/field-messages.ts"

export type Identity = { typeAuth: "new_user" | "existing_user"; email: string }

export type CheckoutIdentificationProps = {
  /** A signed-in buyer: nothing to identify. */
  signedInEmail?: string | null
  /** Locked until a plan is chosen. */
  disabled?: boolean
  onCheckEmail: (email: string) => Promise<{ isAvailable: boolean }>
  onLogin: (credentials: { email: string; password: string }) => Promise<void>
  /** The buyer is identified (or no longer is, after changing the e-mail). */
  onIdentified: (identity: Identity | null) => void
  forgotPasswordHref: string
  /** Times the pause after the last keystroke before the e-mail is checked. */
  clock?: Clock
}

type Step = "typing" | "checking" | "new" | "login" | "existing"

export function CheckoutIdentification({
  signedInEmail,
  disabled = false,
  onCheckEmail,
  onLogin,
  onIdentified,
  forgotPasswordHref,
  clock = browserClock,
}: CheckoutIdentificationProps) {
  const { showAlert } = useAlert()
  const titleId = useId()
  const [email, setEmail] = useState("")
  const [step, setStep] = useState<Step>("typing")
  const [password, setPassword] = useState("")
  const [passwordError, setPasswordError] = useState<string>()
  const [loggingIn, setLoggingIn] = useState(false)

  const callbacks = useRef({ onCheckEmail, onIdentified })
  useEffect(() => {
    callbacks.current = { onCheckEmail, onIdentified }
  })

  const validEmail = normaliseEmail(email)

  useEffect(() => {
    if (!validEmail || signedInEmail) return
    let current = true
    const timer = clock.setTimeout(() => {
      setStep("checking")
      callbacks.current.onCheckEmail(validEmail).then(
        ({ isAvailable }) => {
          if (!current) return
          setStep(isAvailable ? "new" : "login")
          if (isAvailable)
            callbacks.current.onIdentified({ typeAuth: "new_user", email: validEmail })
        },
        // The container logs the failure; the buyer can edit the e-mail to try again.
        () => current && setStep("typing"),
      )
    }, EMAIL_CHECK_DEBOUNCE_MS)
    return () => {
      current = false
      clock.clearTimeout(timer)
    }
  }, [validEmail, signedInEmail, clock])

  function changeEmail(next: string) {
    setEmail(next)
    setPassword("")
    setPasswordError(undefined)
    if (step === "new") onIdentified(null)
    setStep("typing")
  }

  async function login(event: FormEvent) {
    event.preventDefault()
    if (!validEmail) return
    if (!password) {
      setPasswordError(messages.required)
      return
    }
    setLoggingIn(true)
    try {
      await onLogin({ email: validEmail, password })
      setStep("existing")
      onIdentified({ typeAuth: "existing_user", email: validEmail })
    } catch (error) {
      if (errorCode(error) === "wrong_password") setPasswordError(messages.wrongLogin)
      else showAlert({ type: "danger", message: errorCode(error) ?? errorMessage(error) })
    } finally {
      setLoggingIn(false)
    }
  }

  if (signedInEmail) {
    return (
      <section aria-labelledby={titleId} className="flex flex-col gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          Identificação
        </h2>
        <p className="flex items-center gap-2 text-muted">
          <CheckCircleIcon className="text-brand-ink" />
          <span>
            Comprando como <span className="font-semibold text-ink">{signedInEmail}</span>
          </span>
        </p>
      </section>
    )
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        Identificação
      </h2>
      <form noValidate onSubmit={login} className="flex flex-col gap-3">
        <fieldset disabled={disabled || loggingIn} className="flex min-w-0 flex-col gap-3">
          <legend className="sr-only">Seu e-mail</legend>
          {disabled ? <p className="text-sm text-muted">Escolha um plano para continuar.</p> : null}
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={changeEmail}
            readOnly={step === "existing"}
            clearable={step !== "existing"}
            error={email && !validEmail ? messages.email : undefined}
          />
          <div aria-live="polite" className="text-sm empty:hidden">
            {step === "checking" ? (
              <p className="flex items-center gap-2 text-muted">
                <Spinner /> Verificando e-mail...
              </p>
            ) : step === "new" ? (
              <p className="text-muted">Novo por aqui! Vamos criar sua conta com este e-mail.</p>
            ) : step === "login" ? (
              <p className="text-muted">Você já tem uma conta. Digite sua senha para continuar.</p>
            ) : step === "existing" ? (
              <p className="flex items-center gap-2 text-brand-ink">
                <CheckCircleIcon /> Você entrou na sua conta.
              </p>
            ) : null}
          </div>
          {step === "login" ? (
            <>
              <TextField
                label="Senha"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(next) => {
                  setPassword(next)
                  setPasswordError(undefined)
                }}
                error={passwordError}
                showError={passwordError ? true : undefined}
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <AppLink
                  href={forgotPasswordHref}
                  className="inline-flex min-h-11 items-center text-sm text-link underline-offset-4 hover:underline"
                >
                  Esqueci minha senha
                </AppLink>
                <Button type="submit" variant="secondary" loading={loggingIn}>
                  Continuar
                </Button>
              </div>
            </>
          ) : null}
        </fieldset>
      </form>
    </section>
  )
}
