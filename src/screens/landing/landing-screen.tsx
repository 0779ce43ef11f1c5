import { Footer } from "../../components/footer.tsx"
import { SupportButton } from "../../components/support-button.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { buttonVariants } from "../../components/ui/button.tsx"
import { cn } from "../../components/ui/cn.ts"
import { CheckCircleIcon } from "../../components/ui/icons.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import { BrandMark } from "../misc/brand-mark.tsx"
import { SiteHeader } from "../misc/site-header.tsx"
import {
  SUPPORT_CREATE_ACCOUNT_MESSAGE,
  SUPPORT_HELP_MESSAGE,
  benefits,
  steps,
} from "./landing-content.ts"

// The container sets document.title from the domain's constant; re-exported beside the screen.
export { LANDING_TITLE } from "../../domain/constants.ts"

export type LandingScreenProps = {
  /** Support WhatsApp number with country code. */
  supportPhone: string
  /** Copyright year in the footer. */
  year: number
  /** Both calls to action lead here. */
  interestHref?: string
  termsHref?: string
  privacyHref?: string
}

// Merged when drawn, not when the module loads (see header.tsx).
const cta = () => cn(buttonVariants({ block: true }), "min-h-12 sm:w-auto sm:px-8")

export function LandingScreen({
  supportPhone,
  year,
  interestHref = "/tenho-interesse",
  termsHref = "/doc/terms",
  privacyHref = "/doc/privacy",
}: LandingScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <SiteHeader />
      <main className="flex-1">
        <section aria-labelledby="hero-title" className="bg-brand-soft">
          <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-12 text-center md:py-20">
            <BrandMark className="size-16" />
            <h1 id="hero-title" tabIndex={-1} className="max-w-2xl text-3xl font-bold outline-none">
              Venda o seu Close Friends por assinatura
            </h1>
            <p className="max-w-xl text-xl">
              Seus seguidores assinam, pagam por Pix, cartão ou boleto e entram no seu Close
              Friends. Sem planilha e sem cobrar ninguém no direct.
            </p>
            <AppLink href={interestHref} className={cta()}>
              Quero criar o meu Close Friends
            </AppLink>
          </div>
        </section>

        <section aria-labelledby="benefits-title" className="mx-auto max-w-5xl px-4 py-12">
          <h2 id="benefits-title" className="text-center text-2xl font-bold">
            Por que usar o {PRODUCT_NAME}
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {benefits.map((benefit) => (
              <li key={benefit.title} className="flex gap-3 rounded-card border border-line p-4">
                <CheckCircleIcon className="mt-0.5 size-6 text-brand" />
                <div>
                  <h3 className="font-semibold">{benefit.title}</h3>
                  <p className="mt-1 text-muted">{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="how-title" className="bg-canvas">
          <div className="mx-auto max-w-5xl px-4 py-12">
            <h2 id="how-title" className="text-center text-2xl font-bold">
              Como funciona
            </h2>
            <ol className="mt-8 grid gap-6 md:grid-cols-4">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-3 md:flex-col">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-on-brand tabular-nums"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="mt-1 text-muted">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section
          aria-labelledby="closing-title"
          className="mx-auto max-w-5xl px-4 py-12 text-center"
        >
          <h2 id="closing-title" className="text-2xl font-bold">
            Comece a faturar com o seu Close Friends
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-muted">
            Deixe o seu contato e a nossa equipe ajuda você a montar a sua página.
          </p>
          <AppLink href={interestHref} className={cn(cta(), "mt-6")}>
            Tenho interesse
          </AppLink>
          <div className="mt-8 flex flex-col justify-center gap-2 sm:flex-row">
            <SupportButton phone={supportPhone} message={SUPPORT_HELP_MESSAGE}>
              Preciso de ajuda
            </SupportButton>
            <SupportButton phone={supportPhone} message={SUPPORT_CREATE_ACCOUNT_MESSAGE}>
              Quero criar minha conta
            </SupportButton>
          </div>
        </section>
      </main>
      <Footer
        year={year}
        productName={PRODUCT_NAME}
        className="border-t border-line"
        action={
          <nav aria-label="Documentos" className="flex gap-4 text-sm">
            <AppLink
              href={termsHref}
              className="inline-flex min-h-11 items-center text-link underline"
            >
              Termos de uso
            </AppLink>
            <AppLink
              href={privacyHref}
              className="inline-flex min-h-11 items-center text-link underline"
            >
              Política de Privacidade
            </AppLink>
          </nav>
        }
      />
    </div>
  )
}
