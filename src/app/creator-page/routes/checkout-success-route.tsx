import { useSearchParams } from "react-router"
import { useNavigate } from "../../routing/route-views.tsx"
import { CheckoutSuccessScreen } from "../../../screens/checkout/checkout-success-screen.tsx"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"

/** Paid: with a temporary password the buyer chooses their own, then sees the profile. */
export default function CheckoutSuccessRoute() {
  const { username, profile } = useCreator()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get("code")
  const profilePath = creatorPaths(username).profile
  return (
    <CheckoutSuccessScreen
      creatorName={profile.fullName}
      hasCode={!!code}
      onContinue={() =>
        void navigate(
          code
            ? `/choose-password?${new URLSearchParams({ code, redirectTo: profilePath })}`
            : profilePath,
        )
      }
    />
  )
}
