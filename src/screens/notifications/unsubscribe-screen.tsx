import { Header } from "../../components/header.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { buttonVariants } from "../../components/ui/button.tsx"
import { AlertCircleIcon, CheckCircleIcon } from "../../components/ui/icons.tsx"
import { Skeleton } from "../../components/ui/skeleton.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"

export type UnsubscribeView =
  | { status: "working" }
  | { status: "done"; username: string; message: string }
  | { status: "invalid"; message: string }

export type UnsubscribeScreenProps = {
  view: UnsubscribeView
  /** Where the creator's page is, to manage the notifications signed in. */
  profileHref: (username: string) => string
  homeHref: string
}

/** The digest's unsubscribe link, opened without signing in: done at once, and said so. */
export function UnsubscribeScreen({ view, profileHref, homeHref }: UnsubscribeScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header title={PRODUCT_NAME} />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col items-center gap-4 p-6 text-center">
        {view.status === "working" ? (
          <div aria-busy="true" className="flex w-full flex-col items-center gap-3">
            <span className="sr-only">Descadastrando</span>
            <Skeleton shape="text" className="w-3/4" />
            <Skeleton shape="text" className="w-1/2" />
          </div>
        ) : view.status === "done" ? (
          <>
            <CheckCircleIcon className="size-10 text-brand" />
            <h1 className="text-xl font-semibold">E-mails desligados</h1>
            <p role="status">{view.message}</p>
            <p className="text-muted">
              Os avisos no navegador, se você os ligou, continuam. Para mudar tudo, entre na sua
              conta e abra Minha conta.
            </p>
            <AppLink
              href={profileHref(view.username)}
              className={buttonVariants({ variant: "secondary", block: true })}
            >
              Ir para @{view.username}
            </AppLink>
          </>
        ) : (
          <>
            <AlertCircleIcon className="size-10 text-danger-ink" />
            <h1 className="text-xl font-semibold">Link inválido</h1>
            <p role="alert">{view.message}</p>
            <AppLink
              href={homeHref}
              className={buttonVariants({ variant: "secondary", block: true })}
            >
              Ir para o início
            </AppLink>
          </>
        )}
      </main>
    </div>
  )
}
