import type { ReactNode } from "react"
import { AppLink } from "./ui/app-link.tsx"
import { Button, buttonVariants } from "./ui/button.tsx"
import { cn } from "./ui/cn.ts"
import { ChevronLeftIcon, MoreIcon } from "./ui/icons.tsx"

export type HeaderProps = {
  title: ReactNode
  /** Shows "Voltar" as a button calling this (e.g. history back, else root). */
  onBack?: () => void
  /** Shows "Voltar" as a link to this address (used when `onBack` is absent). */
  backHref?: string
  /** Shows "Mais opções" as a button calling this. */
  onMoreOptions?: () => void
  /** Shows "Mais opções" as a link to this address (used when `onMoreOptions` is absent). */
  moreOptionsHref?: string
  /** Extra actions on the right, such as "Suporte" and "Cadastrar". */
  actions?: ReactNode
  className?: string
}

// A function, not a constant: merging classes when the module loads would build
// tailwind-merge's class map in the first-load code's evaluation, one long task.
const iconButton = () => cn(buttonVariants({ variant: "ghost" }), "size-11 shrink-0 px-0")

/** 64 px on phones, the spec's 100 px from the `md` breakpoint up. */
export function Header({
  title,
  onBack,
  backHref,
  onMoreOptions,
  moreOptionsHref,
  actions,
  className,
}: HeaderProps) {
  return (
    <header
      data-slot="header"
      className={cn(
        "flex h-16 items-center gap-2 border-b border-line bg-surface px-2 md:h-25 md:px-6",
        className,
      )}
    >
      {onBack ? (
        <Button
          variant="ghost"
          aria-label="Voltar"
          className="size-11 shrink-0 px-0"
          onClick={onBack}
        >
          <ChevronLeftIcon className="size-6" />
        </Button>
      ) : backHref ? (
        <AppLink href={backHref} aria-label="Voltar" className={iconButton()}>
          <ChevronLeftIcon className="size-6" />
        </AppLink>
      ) : null}
      <h1
        className={cn(
          "min-w-0 flex-1 truncate text-lg font-semibold md:text-2xl",
          !onBack && !backHref && "pl-2",
        )}
      >
        {title}
      </h1>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      {onMoreOptions ? (
        <Button
          variant="ghost"
          aria-label="Mais opções"
          className="size-11 shrink-0 px-0"
          onClick={onMoreOptions}
        >
          <MoreIcon className="size-6" />
        </Button>
      ) : moreOptionsHref ? (
        <AppLink href={moreOptionsHref} aria-label="Mais opções" className={iconButton()}>
          <MoreIcon className="size-6" />
        </AppLink>
      ) : null}
    </header>
  )
}
