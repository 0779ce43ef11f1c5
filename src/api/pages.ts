import type { SWRInfiniteResponse } from "swr/infinite"
import type { Page } from "../domain/cursor.ts"

/** Where a paged list stands past its first page; "none" while it has one page or none yet. */
export type MoreState = "more" | "loading" | "end" | "error" | "none"

/** A paged list's items so far, where it stands, and the call that loads its next page. */
export type PagedList<T> = {
  data: T[] | undefined
  error: unknown
  errorMore: unknown
  more: MoreState
  loadMore: () => void
}

/**
 * The items of every loaded page of a `useSWRInfinite` list, where the list stands, and the
 * call that loads its next page (or tries a failed one again). A failure of the first page is
 * `error`: nothing to show. A later page's is `errorMore`: what came stays on screen.
 */
export function pagedList<T>(
  swr: Pick<SWRInfiniteResponse<Page<T>>, "data" | "error" | "size" | "setSize">,
): PagedList<T> {
  const pages = swr.data
  const last = pages?.at(-1)
  const more: MoreState = !pages
    ? "none"
    : swr.error
      ? "error"
      : swr.size > pages.length
        ? "loading"
        : last?.nextCursor
          ? "more"
          : pages.length > 1
            ? "end"
            : "none"
  return {
    data: pages?.flatMap((page) => page.items),
    error: pages ? undefined : (swr.error as unknown),
    errorMore: pages ? (swr.error as unknown) : undefined,
    more,
    loadMore: () => {
      if (more === "more" || more === "error") void swr.setSize(pages!.length + 1)
    },
  }
}
