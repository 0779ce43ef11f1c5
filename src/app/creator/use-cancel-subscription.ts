import { useNavigate } from "../routing/route-views.tsx"
import { cancelSubscription, useSubscription } from "../../api/subscriptions.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Subscription } from "../../domain/models.ts"
import type { CancelSubscriptionView } from "../../screens/settings/cancel-subscription-screen.tsx"
import { useSession } from "../session.ts"
import { creatorPaths } from "./paths.ts"

/** How long the "you will be redirected" alert stays readable before the browser leaves. */
const REDIRECT_DELAY_MS = 1_500

export function toCancelView(subscription: {
  data: Subscription | null | undefined
  error: unknown
}): CancelSubscriptionView {
  if (subscription.error) return { status: "error", message: errorMessage(subscription.error) }
  return subscription.data
    ? { status: "ready", subscription: subscription.data }
    : { status: "loading" }
}

/** "Cancelar Assinatura": the subscription to cancel, and what follows a cancel (spec §4). */
export function useCancelSubscription(username: string) {
  const { viewer } = useSession()
  const subscription = useSubscription(username, viewer)
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const { data } = subscription
  return {
    view: toCancelView(subscription),
    /** Nothing to cancel: back to "Minha conta". */
    nothingToCancel: data === null,
    retry: () => void subscription.mutate(),
    confirmCancel: async () => {
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
    },
  }
}
