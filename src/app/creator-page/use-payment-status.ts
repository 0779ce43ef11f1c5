import { useEffect, useRef } from "react"
import { networkError } from "../../api/client.ts"
import { useSubscription } from "../../api/subscriptions.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Subscription } from "../../domain/models.ts"
import type { UploadControl } from "../../domain/uploads.ts"
import { hasAccess, isCardPaymentDue } from "../../domain/statuses.ts"
import type { PaymentStatusView } from "../../screens/payment/payment-status-screen.tsx"
import { track, useTrackBoleto, useTrackVisit } from "../analytics.ts"
import { useSession } from "../session.ts"
import { useNavigate } from "../routing/route-views.tsx"
import { useRefreshCountdown } from "../use-refresh-countdown.ts"
import { creatorPaths } from "./paths.ts"
import { useSandboxActions } from "./use-sandbox-actions.ts"

/** What was last loaded stays on screen when a refresh fails. */
export function toPaymentStatusView(subscription: {
  data: Subscription | null | undefined
  error: unknown
}): PaymentStatusView {
  if (subscription.data !== undefined) return { status: "ready", subscription: subscription.data }
  if (subscription.error) return { status: "error", message: errorMessage(subscription.error) }
  return { status: "loading" }
}

/**
 * The page of a pending boleto promises to take the buyer to the profile once the bank's
 * confirmation arrives (spec §4): a refresh that finds the access it paid for goes there.
 */
export function useProfileOnceBoletoPaid(
  subscription: Subscription | null | undefined,
  goToProfile: () => void,
) {
  const waitingForBoleto = useRef(false)
  useEffect(() => {
    if (!subscription) return
    const payment = subscription.payment
    if (payment?.paymentMethod === "boleto" && payment.status === "pending") {
      waitingForBoleto.current = true
    } else if (waitingForBoleto.current && hasAccess(subscription)) {
      waitingForBoleto.current = false
      goToProfile()
    }
  }, [subscription, goToProfile])
}

/**
 * Step 3: the payment's state, as the page's guard has just loaded it, refreshed every 5 s while
 * the page is open (spec §4).
 */
export function usePaymentStatus(username: string) {
  const { viewer } = useSession()
  const navigate = useNavigate()
  const subscription = useSubscription(username, viewer)
  const refresh = useRefreshCountdown(() => subscription.mutate())
  useTrackVisit("payment_status", username)
  useTrackBoleto(subscription.data?.payment, username)
  useProfileOnceBoletoPaid(subscription.data, () => {
    void navigate(creatorPaths(username).profile, { replace: true })
  })
  const waiting = subscription.data?.payment
  return {
    view: toPaymentStatusView(subscription),
    sandbox: useSandboxActions(
      username,
      waiting?.status === "pending" || waiting?.status === "analyzing" ? waiting.id : undefined,
    ),
    refresh,
    /** Only iugu keeps cards: there a new card can pay a refused or overdue card payment. */
    cardPaymentDue: waiting?.paymentGateway === "iugu" && isCardPaymentDue(subscription.data),
    uploadReceipt: async (file: File, endToEndId: string | null, control: UploadControl) => {
      // The upload's code arrives with the receipt (most payments never send one); losing the
      // connection meanwhile reads as any upload's.
      const { uploadPixReceipt } = await import("../../api/pix-receipt.ts").catch(() => {
        throw networkError()
      })
      await uploadPixReceipt(username, file, endToEndId, control)
      await subscription.mutate()
    },
    openBoleto: () => track("boleto_opened", username),
  }
}
