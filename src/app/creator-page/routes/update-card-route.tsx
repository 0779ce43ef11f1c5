import { Navigate } from "react-router"
import { UpdateCardScreen } from "../../../screens/settings/update-card-screen.tsx"
import { tokenizeCard } from "../../card-tokenizer.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { useUpdateCard } from "../use-update-card.ts"

export default function UpdateCardRoute() {
  const { username, profile } = useCreator()
  const update = useUpdateCard(username, profile)
  const paths = creatorPaths(username)
  if (update.nothingToUpdate) return <Navigate to={paths.settings} replace />
  return (
    <UpdateCardScreen
      view={update.view}
      backHref={paths.settings}
      profileHref={paths.profile}
      onRetry={update.retry}
      tokenizeCard={tokenizeCard}
      onSubmit={update.submit}
    />
  )
}
