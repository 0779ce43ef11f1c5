import { useId, useState, type FormEvent } from "react"
import { useAlert } from "../../components/ui/alert.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button } from "../../components/ui/button.tsx"
import { CheckCircleIcon } from "../../components/ui/icons.tsx"
import { TextField } from "../../components/ui/text-field.tsx"
import { errorCode, errorMessage } from "../../domain/errors.ts"
import { emailsMatch, normaliseEmail } from "../../domain/email.ts"
import { messages } from "../../domain/field-messages.ts"

/** A new buyer also carries the e-mail typed again, which the server compares too. */
export type Identity =
  | { typeAuth: "new_user"; email: string; confirmEmail: string }
  | { typeAuth: "existing_user"; email: string }

export type CheckoutIdentificationProps = {
  /** A signed-in buyer: nothing to identify. */
  signedInEmail?: string | null
  /** Locked until a plan is chosen. */
  disabled?: boolean
  /**
   * The e-mail "Assinar" was refused for because it already has an account: its owner signs in
   * here. Nothing else tells whether an e-mail has one (docs/security.md).
   */
  takenEmail?: string | null
  onLogin: (credentials: { email: string; password: string }) => Promise<void>
  /** The buyer is identified (or no longer is, after changing the e-mail or choosing to sign in). */
  onIdentified: (identity: Identity | null) => void
  forgotPasswordHref: string
}

/** "guest" buys with the typed e-mail; "login" signs in first; "existing" has signed in. */
type Mode = "guest" | "login" | "existing"

const linkButton =
  "inline-flex min-h-11 items-center self-start text-sm font-semibold text-link underline-offset-4 hover:underline disabled:opacity-60"

export function CheckoutIdentification({
  signedInEmail,
  disabled = false,
  takenEmail = null,
  onLogin,
  onIdentified,
  forgotPasswordHref,
}: CheckoutIdentificationProps) {
  const { showAlert } = useAlert()
  const titleId = useId()
  const [email, setEmail] = useState("")
  const [confirmEmail, setConfirmEmail] = useState("")
  const [mode, setMode] = useState<Mode>("guest")
  const [password, setPassword] = useState("")
  const [passwordError, setPasswordError] = useState<string>()
  const [loggingIn, setLoggingIn] = useState(false)

  const validEmail = normaliseEmail(email)
  // The purchase said this e-mail has an account: its owner signs in before paying.
  const mustLogIn = takenEmail !== null && validEmail === takenEmail && mode !== "existing"
  const askingPassword = mode === "login" || mustLogIn

  // Spec §5: the account and its temporary password go to this address, so it is typed twice.
  const confirmError = !confirmEmail
    ? undefined
    : !normaliseEmail(confirmEmail)
      ? messages.email
      : validEmail && !emailsMatch(email, confirmEmail)
        ? messages.confirmEmail
        : undefined

  const asGuest = (typed: string, confirmation: string): Identity | null => {
    const address = normaliseEmail(typed)
    return address && address !== takenEmail && emailsMatch(typed, confirmation)
      ? { typeAuth: "new_user", email: address, confirmEmail: normaliseEmail(confirmation)! }
      : null
  }

  function changeEmail(next: string) {
    setEmail(next)
    setPassword("")
    setPasswordError(undefined)
    onIdentified(mode === "guest" ? asGuest(next, confirmEmail) : null)
  }

  function changeConfirmEmail(next: string) {
    setConfirmEmail(next)
    onIdentified(mode === "guest" ? asGuest(email, next) : null)
  }

  function chooseMode(next: Mode) {
    setMode(next)
    setPassword("")
    setPasswordError(undefined)
    onIdentified(next === "guest" ? asGuest(email, confirmEmail) : null)
  }

  async function login(event: FormEvent) {
    event.preventDefault()
    if (!askingPassword || !validEmail) return
    if (!password) {
      setPasswordError(messages.required)
      return
    }
    setLoggingIn(true)
    try {
      await onLogin({ email: validEmail, password })
      setMode("existing")
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
            readOnly={mode === "existing"}
            clearable={mode !== "existing"}
            error={email && !validEmail ? messages.email : undefined}
          />
          {mode === "guest" && !mustLogIn ? (
            <TextField
              label="Confirmar e-mail"
              type="email"
              // Typed again, not filled in: the point is to catch a typo in the first one.
              autoComplete="off"
              value={confirmEmail}
              onChange={changeConfirmEmail}
              error={confirmError}
            />
          ) : null}
          <div aria-live="polite" className="text-sm empty:hidden">
            {mode === "existing" ? (
              <p className="flex items-center gap-2 text-brand-ink">
                <CheckCircleIcon /> Você entrou na sua conta.
              </p>
            ) : mustLogIn ? (
              <p className="text-muted">Você já tem uma conta. Digite sua senha para continuar.</p>
            ) : mode === "guest" && validEmail && emailsMatch(email, confirmEmail) ? (
              <p className="text-muted">
                Se você ainda não tem conta, criamos uma com este e-mail ao assinar.
              </p>
            ) : null}
          </div>
          {askingPassword ? (
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
              {mustLogIn ? null : (
                <button type="button" className={linkButton} onClick={() => chooseMode("guest")}>
                  Não tenho conta
                </button>
              )}
            </>
          ) : mode === "guest" ? (
            <button type="button" className={linkButton} onClick={() => chooseMode("login")}>
              Já tenho conta
            </button>
          ) : null}
        </fieldset>
      </form>
    </section>
  )
}
