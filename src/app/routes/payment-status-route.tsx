import { useEffect } from "react"
import { uploadPixReceipt, useSubscription } from "../../api/subscriptions.ts"
import { errorMessage } from "../../domain/errors.ts"
import {
  PaymentStatusScreen,
  type PaymentStatusView,
} from "../../screens/payment/payment-status-screen.tsx"
import { track, useTrackVisit } from "../analytics.ts"
import { useCreator } from "../creator/creator-context.ts"
import { creatorPaths } from "../creator/paths.ts"
import { useSession } from "../session.ts"
import { useRefreshCountdown } from "../use-refresh-countdown.ts"

/** Step 3: the payment's state, refreshed every 5 s while the page is open (spec §4). */
export default function PaymentStatusRoute() {
  const { username, profile } = useCreator()
  const { viewer } = useSession()
  const subscription = useSubscription(username, viewer, { revalidateOnMount: true })
  const refresh = useRefreshCountdown(() => subscription.mutate())
  const paths = creatorPaths(username)
  useTrackVisit("payment_status", username)
  const boleto = subscription.data?.payment?.paymentMethod === "boleto"
  useEffect(() => {
    if (boleto) track("payment_boleto", username)
  }, [boleto, username])

  const { data, error } = subscription
  const view: PaymentStatusView =
    data !== undefined
      ? { status: "ready", subscription: data }
      : error
        ? { status: "error", message: errorMessage(error) }
        : { status: "loading" }

  return (
    <PaymentStatusScreen
      view={view}
      profile={profile}
      secondsToRefresh={refresh.seconds}
      refreshing={refresh.refreshing}
      onRefresh={() => void refresh.refreshNow()}
      profileHref={paths.profile}
      paymentHref={paths.payment}
      onUploadReceipt={async (file) => {
        await uploadPixReceipt(username, file)
        await subscription.mutate()
      }}
      onOpenBoleto={() => track("boleto_opened", username)}
    />
  )
}
