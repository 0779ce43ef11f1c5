import { AppLink } from "../../components/ui/app-link.tsx"
import { buttonVariants } from "../../components/ui/button.tsx"
import { AlertCircleIcon } from "../../components/ui/icons.tsx"

export type BannedScreenProps = {
  /** Where "Ir para a página inicial" leads. */
  homeHref?: string
}

/** A creator page that was taken down: a top banner and one box explaining it. */
export function BannedScreen({ homeHref = "/" }: BannedScreenProps) {
  return (
    <div className="min-h-dvh bg-canvas">
      <div aria-hidden="true" className="h-32 bg-line md:h-48" />
      <main className="mx-auto -mt-12 w-full max-w-md px-4 pb-8">
        <section
          aria-labelledby="banned-title"
          className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface p-6 text-center shadow-sheet"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
            <AlertCircleIcon className="size-7" />
          </span>
          <h1 id="banned-title" className="text-xl font-semibold">
            Perfil indisponível
          </h1>
          <p className="text-muted">Este perfil não está disponível no momento.</p>
          <AppLink
            href={homeHref}
            className={buttonVariants({ variant: "secondary", block: true })}
          >
            Ir para a página inicial
          </AppLink>
        </section>
      </main>
    </div>
  )
}
