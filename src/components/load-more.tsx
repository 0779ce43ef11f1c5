import { useEffect, useRef } from "react"
import { Button } from "./ui/button.tsx"
import { cn } from "./ui/cn.ts"

/**
 * Where a paged list stands: more to load, loading it, at the end, or the last page failed.
 * A list that came whole in its first page shows nothing at all.
 */
export type LoadMoreState =
  | { status: "more" }
  | { status: "loading" }
  | { status: "end" }
  | { status: "error"; message: string }

export type LoadMoreProps = {
  state: LoadMoreState
  onLoadMore: () => void
  /** "Carregar mais fotos": what the button loads, for a screen reader. */
  label?: string
  /** Said at the end of the list. */
  endMessage: string
  /** How far ahead of the viewport the next page starts loading. */
  rootMargin?: string
  className?: string
}

/**
 * The foot of an infinite list: the next page loads as it nears the viewport, and a "Carregar
 * mais" button does the same for a keyboard, a screen reader or a browser without
 * IntersectionObserver. Loading, the end and a failure are announced politely.
 */
export function LoadMore({
  state,
  onLoadMore,
  label = "Carregar mais",
  endMessage,
  rootMargin = "600px 0px",
  className,
}: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null)
  const load = useRef(onLoadMore)
  load.current = onLoadMore
  const more = state.status === "more"

  useEffect(() => {
    const element = sentinel.current
    if (!more || !element || typeof IntersectionObserver === "undefined") return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current()
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [more, rootMargin])

  return (
    <div
      data-slot="load-more"
      className={cn("flex flex-col items-center gap-2 px-4 py-4 text-center", className)}
    >
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
      <p role="status" className={cn("text-sm text-muted", state.status === "more" && "sr-only")}>
        {state.status === "loading" ? "Carregando mais…" : state.status === "end" ? endMessage : ""}
      </p>
      {state.status === "error" ? (
        <p role="alert" className="text-sm text-danger-ink">
          {state.message}
        </p>
      ) : null}
      {state.status === "end" ? null : (
        <Button
          variant="secondary"
          loading={state.status === "loading"}
          aria-label={state.status === "error" ? `Tentar de novo: ${label}` : label}
          onClick={onLoadMore}
        >
          {state.status === "error" ? "Tentar de novo" : "Carregar mais"}
        </Button>
      )}
    </div>
  )
}
