import { useRouteError } from "./routing/route-views.tsx"
import { ErrorState } from "../components/error-state.tsx"
import { errorMessage } from "../domain/errors.ts"
import { useTrackVisit } from "./analytics.ts"
import { NotFoundPage } from "./not-found-page.tsx"
import { isPageNotFound } from "./routing/not-found.ts"

/** Any page that fails outside a creator's area: what happened in pt-BR, and a reload. */
export function AppError() {
  return isPageNotFound(useRouteError()) ? <NotFoundPage /> : <PageFailed />
}

function PageFailed() {
  useTrackVisit("error")
  return (
    <ErrorState
      title="Algo deu errado"
      message={errorMessage(useRouteError())}
      retryLabel="Recarregar a página"
      onRetry={() => window.location.reload()}
    />
  )
}
