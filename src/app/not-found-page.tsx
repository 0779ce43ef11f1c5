import { NotFoundScreen } from "../screens/misc/not-found-screen.tsx"
import { useTrackVisit } from "./analytics.ts"
import { NOT_FOUND_TITLE } from "./routing/not-found.ts"
import { useDocumentTitle } from "./use-document-title.ts"

/** The page of an address the app does not know; the server sends it with status 404. */
export function NotFoundPage() {
  useTrackVisit("error")
  useDocumentTitle(NOT_FOUND_TITLE)
  return <NotFoundScreen homeHref="/" />
}
