import { useState } from "react"
import { useSearchParams } from "react-router"
import { CheckoutScreen } from "../../../screens/checkout/checkout-screen.tsx"
import { PixTrialAuthorizationScreen } from "../../../screens/checkout/pix-trial-authorization-screen.tsx"
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

const tokenizeCard = async (card: CardDetails) => {
  const [, tokenizer] = await loadCheckoutCalls()
  return tokenizer.tokenizeCard(card)
}

/** The card/Pix provider's checkout: plan, identification, method, card (spec §2, §4). */
export default function CheckoutRoute() {
  const { username, profile } = useCreator()
  const session = useSession()
  const navigate = useNavigate()
  const [trial, setTrial] = useState<TrialAuthorization | null>(null)
  const subscribe = useCheckout(username, setTrial)
  const checkoutLogin = useCheckoutLogin(username)
  const coupon = useCoupon(username)
  const [params] = useSearchParams()
  const paths = creatorPaths(username)
  useTrackVisit("checkout", username)
  const email = session.account?.email ?? session.email
  if (trial) {
    const { successPath, ...authorization } = trial
    return (
      <PixTrialAuthorizationScreen
        {...authorization}
        onContinue={() => void navigate(successPath)}
      />
    )
  }
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
