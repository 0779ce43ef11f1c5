import { useForm } from "react-hook-form"
import { useAlert } from "../../components/ui/alert.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { LoginInput, LoginOutput } from "../../domain/validation.ts"
import { BrandMark } from "../misc/brand-mark.tsx"
import { FormTextField } from "../../components/ui/form-text-field.tsx"
import { lazyZodResolver, useLazyZodResolver } from "../../components/ui/lazy-zod-resolver.ts"
import { useHydrated } from "../../components/ui/use-hydrated.ts"

// The schema (and zod with it) arrives at the first focus or touch: the page shows none of it.
const loginResolver = lazyZodResolver<LoginInput, LoginOutput>(() =>
  import("../../domain/validation.ts").then((validation) => validation.loginSchema),
)

export type StudioLoginScreenProps = {
  /** "studio" for creators, "admin" for the team: only the words change. */
  area: "studio" | "admin"
  /** Signed in with an account that may not enter (a follower in the studio). */
  wrongAccount?: { email: string } | null
  onSubmit: (values: LoginOutput) => Promise<void>
  onLogout: () => void
  leadHref?: string
}

const titles = { studio: "Entrar no estúdio", admin: "Entrar na operação" }

export function StudioLoginScreen({
  area,
  wrongAccount,
  onSubmit,
  onLogout,
  leadHref = "/tenho-interesse",
}: StudioLoginScreenProps) {
  const { showAlert } = useAlert()
  const { control, handleSubmit, formState } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: useLazyZodResolver(loginResolver),
    mode: "all",
    defaultValues: { usernameOrEmail: "", password: "" },
  })
  const submitted = formState.isSubmitted
  // The server draws this page: sent before the app takes it over, the form would go as a plain
  // GET, the password in the address and in the access log.
  const hydrated = useHydrated()
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values)
    } catch (error) {
      showAlert({ message: errorMessage(error) })
    }
  })

  return (
    <div className="flex min-h-dvh flex-col items-center bg-canvas px-4 py-10">
      <p className="flex items-center gap-2 text-xl font-bold">
        <BrandMark /> {PRODUCT_NAME}
      </p>
      <main className="mt-6 w-full max-w-sm">
        <Card padding="lg" className="flex flex-col gap-4">
          <h1 className="text-xl font-semibold">{titles[area]}</h1>
          {wrongAccount ? (
            <div role="alert" className="flex flex-col gap-3">
              <p>
                A conta <strong className="break-all">{wrongAccount.email}</strong>{" "}
                {area === "studio" ? "não é de criadora." : "não tem acesso à operação."} Entre com
                outra conta.
              </p>
              <Button variant="secondary" onClick={onLogout}>
                Sair desta conta
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <FormTextField
                control={control}
                name="usernameOrEmail"
                label="E-mail ou usuário"
                autoComplete="username"
                autoCapitalize="none"
                showError={submitted || undefined}
              />
              <FormTextField
                control={control}
                name="password"
                label="Senha"
                type="password"
                autoComplete="current-password"
                showError={submitted || undefined}
              />
              <Button type="submit" block loading={formState.isSubmitting} disabled={!hydrated}>
                Entrar
              </Button>
            </form>
          )}
        </Card>
        {area === "studio" ? (
          <p className="mt-4 text-center text-sm text-muted">
            Ainda não tem a sua página?{" "}
            <AppLink href={leadHref} className="text-link underline">
              Quero criar o meu Close Friends
            </AppLink>
          </p>
        ) : null}
      </main>
    </div>
  )
}
