import { PaymentOffScreen } from "../../../screens/misc/payment-off-screen.tsx"
import { useTrackVisit } from "../../analytics.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"

/** Sales paused while the creator migrates (spec §2). */
export default function PaymentOffRoute() {
  const { username, profile } = useCreator()
  const paths = creatorPaths(username)
  useTrackVisit("payment_off", username)
  return (
    <PaymentOffScreen
      creatorName={profile.fullName}
      loginHref={paths.auth}
      settingsHref={paths.settings}
    />
  )
}
