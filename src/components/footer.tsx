import type { ReactNode } from "react"
import { PRODUCT_NAME } from "../domain/constants.ts"
import { cn } from "./ui/cn.ts"

export type FooterProps = {
  /** The copyright year, given by the caller so the footer renders the same everywhere. */
  year: number
  productName?: string
  /** An action above the copyright line, typically a `SupportButton`. */
  action?: ReactNode
  className?: string
}

export function Footer({ year, productName = PRODUCT_NAME, action, className }: FooterProps) {
  return (
    <footer
      data-slot="footer"
      className={cn("flex flex-col items-center gap-3 px-4 py-6 text-center", className)}
    >
      {action}
      <p className="text-xs text-muted">
        © {year} {productName}. Todos os direitos reservados.
      </p>
    </footer>
  )
}
