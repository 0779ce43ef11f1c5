import { useSearchParams } from "react-router"
import { useSavedCards } from "../../../api/iugu.ts"
import { PaymentScreen } from "../../../screens/payment/payment-screen.tsx"
import { useTrackVisit } from "../../analytics.ts"
import { tokenizeCard } from "../../card-tokenizer.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { useCoupon } from "../use-coupon.ts"
import { usePayment } from "../use-payment.ts"
import { useSession } from "../../session.ts"

/** Step 2: plan, then the action the creator's payment gateway needs (spec §2). */
export default function PaymentRoute() {
  const { username, profile } = useCreator()
  const [params] = useSearchParams()
  const { viewer } = useSession()
  const payment = usePayment(username, profile)
  const coupon = useCoupon(username)
  const cards = useSavedCards(profile.paymentGateway === "iugu" ? viewer : null)
  useTrackVisit("payment", username)
  return (
    <PaymentScreen
      profile={profile}
      initialPlanId={params.get("plan")}
      backHref={creatorPaths(username).profile}
      onMercadoPagoContinue={payment.continueWithMercadoPago}
      onGeneratePix={payment.generatePix}
      cards={
        cards.error
          ? { status: "error" }
          : cards.data
            ? { status: "ready", cards: cards.data }
            : { status: "loading" }
      }
      onRetryCards={() => void cards.mutate()}
      tokenizeCard={tokenizeCard}
      onIuguSubscribe={payment.subscribeWithIugu}
      onGenerateBoleto={payment.generateBoleto}
      onChooseBoleto={payment.chooseBoleto}
      {...coupon}
    />
  )
}
