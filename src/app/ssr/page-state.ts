import type { RouteState, ServedMatch } from "../routing/routes.ts"

/** One answer the first render used: its SWR key (src/api/keys.ts) and the data. */
export type ServedEntry = [key: readonly unknown[], data: unknown]

/**
 * What a page rendered on the server hands to the browser, so that the first render there
 * draws the same thing without asking again: the routes it matched, the router's loader results
 * (and errors) and the API answers the screens read through SWR. Public data only, but on a
 * reader's own payment pages, drawn for the reader whose pass came with the request.
 */
export type PageState = {
  /** The account the page was drawn for (the browser's `viewer`); null for any visitor. */
  viewer: string | null
  router: Pick<RouteState, "loaderData" | "errors"> & {
    /** The path the routes were matched on, so a page restored at another address matches anew. */
    pathname: string
    matches: ServedMatch[]
  }
  data: ServedEntry[]
}

/** The element holding the state: JSON that is never run, so the Content-Security-Policy allows it. */
export const PAGE_STATE_ID = "page-state"

/** The state as the content of `<script type="application/json">`; `<` is escaped so no text ends the element. */
export function serializePageState(state: PageState): string {
  return JSON.stringify(state).replace(/</g, "\\u003c")
}

/** The state of the page the server rendered, or null for a page that starts in the browser. */
export function readPageState(): PageState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as PageState
  } catch {
    return null
  }
}
