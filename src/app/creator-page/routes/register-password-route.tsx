import { useNavigate } from "../../routing/route-views.tsx"
import { RegisterPasswordScreen } from "../../../screens/auth/register-password-screen.tsx"
import { track, useTrackVisit } from "../../analytics.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { takeVipInvitePath } from "../vip-invite-return.ts"
import { useRememberedEmail } from "../use-remembered-email.ts"
import { register } from "../../session.ts"

export default function RegisterPasswordRoute() {
  const { username } = useCreator()
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  const email = useRememberedEmail(paths.authEmail)
  useTrackVisit("register_password", username)
  return (
    <RegisterPasswordScreen
      email={email}
      loginHref={paths.auth}
      onSubmit={async (values) => {
        await register(values.email, values.password, username)
        track("register_success", username)
        // Invited to the lista VIP: back to accept it, rather than on to payment.
        await navigate(takeVipInvitePath(username) ?? paths.registerComplete)
      }}
    />
  )
}
