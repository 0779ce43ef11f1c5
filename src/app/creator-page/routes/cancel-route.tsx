import { Navigate } from "react-router"
import { CancelSubscriptionScreen } from "../../../screens/settings/cancel-subscription-screen.tsx"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { useCancelSubscription } from "../use-cancel-subscription.ts"

export default function CancelRoute() {
  const { username } = useCreator()
  const cancel = useCancelSubscription(username)
  const paths = creatorPaths(username)
  if (cancel.nothingToCancel) return <Navigate to={paths.settings} replace />
  return (
    <CancelSubscriptionScreen
      view={cancel.view}
      backHref={paths.settings}
      onRetry={cancel.retry}
      onConfirmCancel={cancel.confirmCancel}
    />
  )
}
