import { AuthPasswordScreen } from "../../../screens/auth/auth-password-screen.tsx"
import { useTrackVisit } from "../../analytics.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { useContinueAfterLogin } from "../use-continue-after-login.ts"
import { useRememberedEmail } from "../use-remembered-email.ts"
import { login } from "../../session.ts"

export default function AuthPasswordRoute() {
  const { username } = useCreator()
  const continueAfterLogin = useContinueAfterLogin(username)
  const paths = creatorPaths(username)
  const email = useRememberedEmail(paths.authEmail)
  useTrackVisit("auth_password", username)
  return (
    <AuthPasswordScreen
      email={email}
      recoveryHref={paths.recoveryEmail}
      changeEmailHref={paths.authEmail}
      registerHref={paths.registerPassword}
      onSubmit={async ({ usernameOrEmail, password }) => {
        await login(usernameOrEmail, password)
        await continueAfterLogin()
      }}
    />
  )
}
