import { AppLink } from "../../components/ui/app-link.tsx"
import { buttonVariants } from "../../components/ui/button.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import { SiteHeader } from "./site-header.tsx"

export type NotFoundScreenProps = {
  /** Where "Voltar para o início" leads. */
  homeHref?: string
}

/** An address the app does not know: say so plainly and offer the way back. */
export function NotFoundScreen({ homeHref = "/" }: NotFoundScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <SiteHeader />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 p-4">
        <section
          aria-labelledby="not-found-title"
          className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface p-6 text-center"
        >
          <p aria-hidden="true" className="text-[32px] font-bold tabular-nums text-muted">
            404
          </p>
          {/* Focusable from script only: after a navigation, screen readers start here. */}
          <h1 id="not-found-title" tabIndex={-1} className="text-xl font-semibold outline-none">
            Página não encontrada
          </h1>
          <p className="text-muted">
            O endereço que você abriu não existe ou mudou de lugar. Confira o link ou volte para o
            início do {PRODUCT_NAME}.
          </p>
        </section>
        <AppLink href={homeHref} className={buttonVariants({ block: true })}>
          Voltar para o início
        </AppLink>
      </main>
    </div>
  )
}
