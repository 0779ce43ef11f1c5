/** The title of the page for an address the app does not know. */
export const NOT_FOUND_TITLE = "Página não encontrada"

const PAGE_NOT_FOUND = "page_not_found"

/** What a loader throws for an address the app does not know; the server answers it with 404. */
export function pageNotFound(): Error {
  return Object.assign(new Error(`${NOT_FOUND_TITLE}.`), { status: 404, code: PAGE_NOT_FOUND })
}

/** Also true for the error as the server-drawn page hands it over (message and code only). */
export function isPageNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === PAGE_NOT_FOUND
}
