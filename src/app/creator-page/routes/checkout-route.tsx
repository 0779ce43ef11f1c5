import { lazy, Suspense, useState } from "react"
import { useSearchParams } from "react-router"
import { CheckoutScreen } from "../../../screens/checkout/checkout-screen.tsx"
import { SplashScreen } from "../../../screens/misc/splash-screen.tsx"
import { useNavigate } from "../../routing/route-views.tsx"
import { useTrackVisit } from "../../analytics.ts"
import type { CardDetails } from "../../../screens/checkout/card-form-fields.tsx"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import {
  loadCheckoutCalls,
  preloadCheckoutCalls,
  useCheckout,
  type TrialAuthorization,
} from "../use-checkout.ts"
import { useCheckoutLogin } from "../use-continue-after-login.ts"
import { useCoupon } from "../use-coupon.ts"
import { useSession } from "../../session.ts"
import { useAlert } from "../../../components/ui/alert.tsx"
import { AUTOMATIC_PIX_REFUSED } from "../../../domain/pix-automatic.ts"
import { useSandboxAuthorization } from "../use-sandbox-actions.ts"

const tokenizeCard = async (card: CardDetails) => {
  const [, tokenizer] = await loadCheckoutCalls()
  return tokenizer.tokenizeCard(card)
}

// Shown only once a Pix Automático trial starts: its QR code's code stays out of the checkout's
// first load.
const PixTrialAuthorizationScreen = lazy(() =>
  import("../../../screens/checkout/pix-trial-authorization-screen.tsx").then((m) => ({
    default: m.PixTrialAuthorizationScreen,
  })),
)

/** The card/Pix provider's checkout: plan, identification, method, card (spec §2, §4). */
export default function CheckoutRoute() {
  const { username, profile } = useCreator()
  const session = useSession()
  const [trial, setTrial] = useState<TrialAuthorization | null>(null)
  const subscribe = useCheckout(username, setTrial)
  const checkoutLogin = useCheckoutLogin(username)
  const coupon = useCoupon(username)
  const [params] = useSearchParams()
  const paths = creatorPaths(username)
  useTrackVisit("checkout", username)
  const email = session.account?.email ?? session.email
  if (trial) return <TrialAuthorizationStep username={username} trial={trial} />
  return (
    <CheckoutScreen
      profile={profile}
      account={session.loggedIn && email ? { email } : null}
      initialPlanId={params.get("plan")}
      signInHref={paths.auth}
      forgotPasswordHref={paths.recoveryEmail}
      tokenizeCard={tokenizeCard}
      onLogin={checkoutLogin}
      onSubscribe={subscribe}
      onStartFilling={preloadCheckoutCalls}
      {...coupon}
    />
  )
}

/** After "Assinar" with a trial on Pix Automático: the QR that authorises the recurrence. */
function TrialAuthorizationStep({
  username,
  trial,
}: {
  username: string
  trial: TrialAuthorization
}) {
  const navigate = useNavigate()
  const { showAlert } = useAlert()
  const { successPath, subscriptionId, ...authorization } = trial
  const onContinue = () => void navigate(successPath)
  const sandbox = useSandboxAuthorization(username, subscriptionId, {
    onApproved: onContinue,
    onRefused: () => showAlert({ type: "danger", message: AUTOMATIC_PIX_REFUSED }),
  })
  return (
    <Suspense fallback={<SplashScreen />}>
      <PixTrialAuthorizationScreen {...authorization} sandbox={sandbox} onContinue={onContinue} />
    </Suspense>
  )
}
