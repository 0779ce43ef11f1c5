import { PaymentStatusScreen } from "../../../screens/payment/payment-status-screen.tsx"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { usePaymentStatus } from "../use-payment-status.ts"

/** Step 3: the payment's state, refreshed every 5 s while the page is open (spec §4). */
export default function PaymentStatusRoute() {
  const { username, profile } = useCreator()
  const status = usePaymentStatus(username)
  const paths = creatorPaths(username)
  return (
    <PaymentStatusScreen
      view={status.view}
      profile={profile}
      secondsToRefresh={status.refresh.seconds}
      refreshing={status.refresh.refreshing}
      onRefresh={() => void status.refresh.refreshNow()}
      profileHref={paths.profile}
      paymentHref={paths.payment}
      updateCardHref={status.cardPaymentDue ? paths.updateCard : undefined}
      onUploadReceipt={status.uploadReceipt}
      onOpenBoleto={status.openBoleto}
      sandbox={status.sandbox}
    />
  )
}
