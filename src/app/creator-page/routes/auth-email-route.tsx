import { useNavigate } from "../../routing/route-views.tsx"
import { AuthEmailScreen } from "../../../screens/auth/auth-email-screen.tsx"
import { useTrackVisit } from "../../analytics.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { rememberEmail, useSession } from "../../session.ts"

/**
 * E-mail step (spec §2). Every e-mail goes on to the password step, which also leads to sign-up:
 * asking the server whether an e-mail has an account would tell anyone (docs/security.md).
 */
export default function AuthEmailRoute() {
  const { username } = useCreator()
  const { email } = useSession()
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  useTrackVisit("auth_email", username)
  return (
    <AuthEmailScreen
      // The server draws this step without the e-mail this browser remembers: the form starts
      // again with it once the app knows it.
      key={email ? "remembered" : "blank"}
      defaultEmail={email ?? ""}
      recoveryHref={paths.recoveryEmail}
      onSubmit={async ({ email: typed }) => {
        rememberEmail(typed)
        await navigate(paths.authPassword)
      }}
    />
  )
}
