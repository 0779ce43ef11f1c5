import { Navigate, useNavigate } from "react-router"
import { cancelSubscription, useSubscription } from "../../api/subscriptions.ts"
import { errorMessage } from "../../domain/errors.ts"
import { CancelSubscriptionScreen } from "../../screens/settings/cancel-subscription-screen.tsx"
import { useCreator } from "../creator/creator-context.ts"
import { creatorPaths } from "../creator/paths.ts"
import { useSession } from "../session.ts"

/** How long the "you will be redirected" alert stays readable before the browser leaves. */
const REDIRECT_DELAY_MS = 1_500

export default function CancelRoute() {
  const { username } = useCreator()
  const { viewer } = useSession()
  const subscription = useSubscription(username, viewer)
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const { data, error } = subscription

  if (data === null) return <Navigate to={paths.settings} replace />
  return (
    <CancelSubscriptionScreen
      view={
        error
          ? { status: "error", message: errorMessage(error) }
          : data
            ? { status: "ready", subscription: data }
            : { status: "loading" }
      }
      backHref={paths.settings}
      onRetry={() => void subscription.mutate()}
      onConfirmCancel={async () => {
        const result = await cancelSubscription(data!.id)
        // The screen announces the outcome first; then the browser moves on (spec §4).
        if (result.menageUrl) {
          const url = result.menageUrl
          window.setTimeout(() => window.location.assign(url), REDIRECT_DELAY_MS)
        } else {
          await subscription.mutate()
          window.setTimeout(() => void navigate(paths.settings), 0)
        }
        return result
      }}
    />
  )
}
