import type { ReactNode } from "react"
import { CopyButton } from "../../components/copy-button.tsx"
import { Header } from "../../components/header.tsx"
import { AppLink } from "../../components/ui/app-link.tsx"
import { Button, buttonVariants } from "../../components/ui/button.tsx"
import { cn } from "../../components/ui/cn.ts"
import { LogOutIcon } from "../../components/ui/more-icons.tsx"

export type ShellNavItem = { key: string; label: string; href: string }

export type StudioShellProps = {
  /** The page's own title (the h1). */
  title: string
  /** "Estúdio" for creators, "Operação" for the team. */
  area: string
  nav: readonly ShellNavItem[]
  /** Key of the section being shown. */
  current: string
  /** The creator's public page, when there is one. */
  publicHref?: string
  /** The same page's full address, for "Copiar link" (to paste in a bio or a message). */
  publicUrl?: string
  /** Injectable clipboard, for tests and browsers without the Clipboard API. */
  copyToClipboard?: (text: string) => Promise<void>
  onLogout: () => void
  children: ReactNode
}

/** Header, section tabs that scroll sideways on phones, and the page. */
export function StudioShell({
  title,
  area,
  nav,
  current,
  publicHref,
  publicUrl,
  copyToClipboard,
  onLogout,
  children,
}: StudioShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <Header
        title={title}
        actions={
          <>
            {publicHref ? (
              // Shorter on phones, so the page's title keeps its room beside "Copiar link".
              <AppLink
                href={publicHref}
                aria-label="Ver minha página"
                className={cn(buttonVariants({ variant: "secondary" }), "px-3 text-sm")}
              >
                <span className="md:hidden">Minha página</span>
                <span className="hidden md:inline">Ver minha página</span>
              </AppLink>
            ) : null}
            {publicUrl ? (
              // Icon only on phones, where the header has no room for a second label.
              <CopyButton
                text={publicUrl}
                copy={copyToClipboard}
                feedback="alert"
                variant="ghost"
                aria-label="Copiar link"
                className="size-11 px-0 md:w-auto md:px-3 md:text-sm"
              >
                <span className="hidden md:inline">Copiar link</span>
              </CopyButton>
            ) : null}
            <Button variant="ghost" aria-label="Sair" className="size-11 px-0" onClick={onLogout}>
              <LogOutIcon />
            </Button>
          </>
        }
      />
      <nav aria-label={area} className="border-b border-line bg-surface">
        <ul className="mx-auto flex max-w-3xl gap-1 overflow-x-auto px-2">
          {nav.map((item) => {
            const active = item.key === current
            return (
              <li key={item.key} className="shrink-0">
                <AppLink
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap",
                    active ? "border-ink text-ink" : "border-transparent text-muted hover:text-ink",
                  )}
                >
                  {item.label}
                </AppLink>
              </li>
            )
          })}
        </ul>
      </nav>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 p-4 pb-24">
        {children}
      </main>
    </div>
  )
}

/** The creator studio's sections, in the order a new creator sets them up. */
export const studioSections = [
  { key: "numeros", label: "Números" },
  { key: "perfil", label: "Perfil" },
  { key: "planos", label: "Planos" },
  { key: "recebimento", label: "Recebimento" },
  { key: "conteudo", label: "Conteúdo" },
  { key: "assinantes", label: "Assinantes" },
  { key: "cupons", label: "Cupons" },
] as const
export type StudioSection = (typeof studioSections)[number]["key"]

export const studioNav = (base = "/studio"): ShellNavItem[] =>
  studioSections.map((section) => ({ ...section, href: `${base}/${section.key}` }))

export const adminSections = [
  { key: "leads", label: "Leads" },
  { key: "criadoras", label: "Criadoras" },
  { key: "auditoria", label: "Auditoria de pagamentos" },
  { key: "emails", label: "E-mails não entregues" },
  { key: "caixa-de-saida", label: "Caixa de saída (sandbox)" },
] as const
export type AdminSection = (typeof adminSections)[number]["key"]

/** The operators' tabs; the outbox only when payments run in sandbox (live mode has none). */
export const adminNav = (base = "/admin", options: { sandbox?: boolean } = {}): ShellNavItem[] =>
  adminSections
    .filter((section) => options.sandbox || section.key !== "caixa-de-saida")
    .map((section) => ({ ...section, href: `${base}/${section.key}` }))
