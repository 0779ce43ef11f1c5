import { AppLink } from "../../components/ui/app-link.tsx"
import { buttonVariants } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { AlertCircleIcon } from "../../components/ui/icons.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"

export type StudioInviteView = { status: "opening" } | { status: "error"; message: string }

export type StudioInviteScreenProps = {
  view: StudioInviteView
  loginHref: string
}

/** The invite link signs the new creator in, then sends her to choose a password. */
export function StudioInviteScreen({ view, loginHref }: StudioInviteScreenProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas p-4">
      <Card padding="lg" className="flex w-full max-w-sm flex-col items-center gap-3 text-center">
        {view.status === "opening" ? (
          <>
            <Spinner className="size-8" />
            <h1 className="text-xl font-semibold">Abrindo o seu convite…</h1>
            <p role="status" className="text-muted">
              Em seguida você escolhe a sua senha.
            </p>
          </>
        ) : (
          <>
            <AlertCircleIcon className="size-10 text-danger-ink" />
            <h1 className="text-xl font-semibold">Não conseguimos abrir o convite</h1>
            <p role="alert" className="text-muted">
              {view.message}
            </p>
            <p className="text-sm text-muted">
              Se você já escolheu a sua senha, entre com ela no estúdio.
            </p>
            <AppLink href={loginHref} className={buttonVariants({ block: true })}>
              Entrar no estúdio
            </AppLink>
          </>
        )}
      </Card>
    </main>
  )
}
