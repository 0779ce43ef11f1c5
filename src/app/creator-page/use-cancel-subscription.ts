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

/**
 * What follows a cancel (spec §4): with the gateway's own page (menageUrl) the browser goes there
 * once the alert has been read; otherwise the subscription is reloaded and "Minha conta" opens.
 * The screen announces the outcome first, so both moves wait for the next turn.
 */
export async function followCancel(
  result: { menageUrl?: string | null },
  then: { leaveTo: (url: string) => void; reload: () => Promise<unknown>; back: () => void },
) {
  const url = result.menageUrl
  if (url) {
    window.setTimeout(() => then.leaveTo(url), REDIRECT_DELAY_MS)
  } else {
    await then.reload()
    window.setTimeout(then.back, 0)
  }
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
      await followCancel(result, {
        leaveTo: (url) => window.location.assign(url),
        reload: () => subscription.mutate(),
        back: () => void navigate(paths.settings),
      })
      return result
    },
  }
}
