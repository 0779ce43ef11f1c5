import { createContext, use, type ComponentProps, type MouseEvent, type ReactNode } from "react"

/**
 * Screens and components link with plain hrefs; the app provides `navigate` so a click moves
 * within the single-page app instead of reloading it. Without a provider (or with a modifier
 * key, or an external address) the browser follows the link as usual.
 */
type Navigate = (href: string) => void
const NavigationContext = createContext<Navigate | null>(null)

export function NavigationProvider({
  navigate,
  children,
}: {
  navigate: Navigate
  children: ReactNode
}) {
  return <NavigationContext value={navigate}>{children}</NavigationContext>
}

export function useNavigateTo(): Navigate {
  const navigate = use(NavigationContext)
  return navigate ?? ((href: string) => window.location.assign(href))
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

export type AppLinkProps = ComponentProps<"a"> & { href: string }

export function AppLink({ href, onClick, target, ...props }: AppLinkProps) {
  const navigate = use(NavigationContext)
  const internal = href.startsWith("/") && !href.startsWith("//")
  return (
    <a
      data-slot="app-link"
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || !navigate || !internal || target) return
        if (!isPlainLeftClick(event)) return
        event.preventDefault()
        navigate(href)
      }}
      {...props}
    />
  )
}
