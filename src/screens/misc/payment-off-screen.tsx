import { Header } from "../../components/header.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { buttonVariants } from "../../components/ui/button.tsx"
import { LockIcon } from "../../components/ui/icons.tsx"

export type PaymentOffScreenProps = {
  /** The creator's full name, the page title. */
  creatorName: string
  loginHref: string
  settingsHref: string
}

/** A migrating creator: sales are paused and only earlier subscribers keep access. */
export function PaymentOffScreen({ creatorName, loginHref, settingsHref }: PaymentOffScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header title={creatorName} />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-6 p-4">
        <section
          aria-labelledby="payment-off-title"
          className="mt-4 flex flex-col items-center gap-3 rounded-card border border-line bg-surface p-6 text-center"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning-ink">
            <LockIcon className="size-7" />
          </span>
          <h2 id="payment-off-title" className="text-xl font-semibold">
            As vendas estão pausadas
          </h2>
          <p className="text-muted">
            No momento, só quem já era assinante continua com acesso ao conteúdo.
          </p>
          <p className="text-muted">Novas vagas serão abertas em breve. Volte daqui a pouco!</p>
        </section>
        <div className="mt-auto flex flex-col gap-2">
          <AppLink href={settingsHref} className={buttonVariants({ block: true })}>
            Minha conta
          </AppLink>
          <AppLink
            href={loginHref}
            className={buttonVariants({ variant: "secondary", block: true })}
          >
            Voltar para o login
          </AppLink>
        </div>
      </main>
    </div>
  )
}
