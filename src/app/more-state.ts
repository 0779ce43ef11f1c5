import type { MoreState } from "../api/pages.ts"
import type { LoadMoreState } from "../components/load-more.tsx"
import { errorMessage } from "../domain/errors.ts"

/** A paged list's foot as the screens draw it; null while the list came whole in one page. */
export function moreState(more: MoreState, error: unknown): LoadMoreState | null {
  if (more === "none") return null
  if (more === "error") return { status: "error", message: errorMessage(error) }
  return { status: more }
}
