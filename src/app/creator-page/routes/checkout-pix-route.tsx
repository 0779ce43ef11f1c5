import { useSearchParams } from "react-router"
import { PixPaymentScreen } from "../../../screens/checkout/pix-payment-screen.tsx"
import { useCreator } from "../creator-context.ts"
import { usePixPayment } from "../use-pix-payment.ts"
import { useNow } from "../../use-now.ts"

/** "Falta pouco!": the Pix code, polled until paid (spec §4). */
export default function CheckoutPixRoute() {
  const { username, profile } = useCreator()
  const [params] = useSearchParams()
  const pix = usePixPayment(username, profile.plans, params.get("code"))
  const now = useNow()
  return (
    <PixPaymentScreen
      view={pix.view}
      now={now}
      showInstructions
      onExpired={pix.expired}
      // Awaiting authorisation: this code is Pix Automático's first payment (journey 3).
      automaticPix={pix.automaticPix}
      sandbox={pix.sandbox}
    />
  )
}
