import type { FormEventHandler, ReactNode } from "react"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button } from "../../components/ui/button.tsx"
import { cn } from "../../components/ui/cn.ts"
import { useHydrated } from "../../components/ui/use-hydrated.ts"

export type AuthStepProps = {
  title: string
  description?: ReactNode
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel: string
  submitting: boolean
  /** Fields of the step. */
  children: ReactNode
  /** A link under the fields, such as "Esqueci a senha". */
  secondaryLink?: { label: string; href: string }
  /** "Voltar para o login" and similar, under the button. */
  backLink?: { label: string; href: string }
}

const linkClass =
  "inline-flex min-h-11 items-center self-center text-link underline-offset-4 hover:underline"

/** One auth step: title, fields, the primary button low in the card, and its links. */
export function AuthStep({
  title,
  description,
  onSubmit,
  submitLabel,
  submitting,
  children,
  secondaryLink,
  backLink,
}: AuthStepProps) {
  // The server draws the e-mail steps: tapped or sent with Enter before the app takes the page
  // over, the form would go as a plain GET, the e-mail in the address and in the access log.
  const hydrated = useHydrated()
  return (
    <section aria-labelledby="auth-step-title" className="flex flex-1 flex-col">
      <h2 id="auth-step-title" className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <div className="mt-1 text-muted">{description}</div> : null}
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-1 flex-col">
        <fieldset disabled={submitting} className="flex min-w-0 flex-col gap-4">
          {children}
        </fieldset>
        {secondaryLink ? (
          <AppLink href={secondaryLink.href} className={cn(linkClass, "mt-1 self-end")}>
            {secondaryLink.label}
          </AppLink>
        ) : null}
        <div className="min-h-6 flex-1" />
        <Button type="submit" block loading={submitting} disabled={!hydrated}>
          {submitLabel}
        </Button>
        {backLink ? (
          <AppLink href={backLink.href} className={cn(linkClass, "mt-2")}>
            {backLink.label}
          </AppLink>
        ) : null}
      </form>
    </section>
  )
}
