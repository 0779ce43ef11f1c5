import { uploadPixReceipt, useSubscription } from "../../api/subscriptions.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Subscription } from "../../domain/models.ts"
import type { PaymentStatusView } from "../../screens/payment/payment-status-screen.tsx"
import { track, useTrackBoleto, useTrackVisit } from "../analytics.ts"
import { useSession } from "../session.ts"
import { useRefreshCountdown } from "../use-refresh-countdown.ts"

/** What was last loaded stays on screen when a refresh fails. */
export function toPaymentStatusView(subscription: {
  data: Subscription | null | undefined
  error: unknown
}): PaymentStatusView {
  if (subscription.data !== undefined) return { status: "ready", subscription: subscription.data }
  if (subscription.error) return { status: "error", message: errorMessage(subscription.error) }
  return { status: "loading" }
}

/** Step 3: the payment's state, refreshed every 5 s while the page is open (spec §4). */
export function usePaymentStatus(username: string) {
  const { viewer } = useSession()
  const subscription = useSubscription(username, viewer, { revalidateOnMount: true })
  const refresh = useRefreshCountdown(() => subscription.mutate())
  useTrackVisit("payment_status", username)
  useTrackBoleto(subscription.data?.payment, username)
  return {
    view: toPaymentStatusView(subscription),
    refresh,
    uploadReceipt: async (file: File) => {
      await uploadPixReceipt(username, file)
      await subscription.mutate()
    },
    openBoleto: () => track("boleto_opened", username),
  }
}
