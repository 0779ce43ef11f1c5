import type { ReactNode } from "react"
import { AppLink } from "../../components/ui/app-link.tsx"
import { PRODUCT_NAME } from "../../domain/constants.ts"
import { BrandMark } from "./brand-mark.tsx"

export type SiteHeaderProps = {
  /** Buttons on the right, such as "Suporte" and "Cadastrar". */
  actions?: ReactNode
}

/**
 * The header of the public pages (landing, lead, legal): the logo links home. Unlike the
 * creator pages' Header it holds no page title, so each page keeps its own h1.
 */
export function SiteHeader({ actions }: SiteHeaderProps) {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-2 px-4 md:h-25">
        <AppLink
          href="/"
          className="-ml-1 flex min-h-11 items-center gap-2 rounded-field px-1 text-xl font-bold"
        >
          <BrandMark />
          {PRODUCT_NAME}
        </AppLink>
        {actions ? <div className="ml-auto flex items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  )
}
