import { useNavigate } from "../routing/route-views.tsx"
import { checkEmail } from "../../api/auth.ts"
import { errorCode } from "../../domain/errors.ts"
import { AuthEmailScreen } from "../../screens/auth/auth-email-screen.tsx"
import { useTrackVisit } from "../analytics.ts"
import { useCreator } from "../creator/creator-context.ts"
import { creatorPaths } from "../creator/paths.ts"
import { rememberEmail, useSession } from "../session.ts"

/** E-mail step: a new e-mail registers, a known one logs in (spec §2). */
export default function AuthEmailRoute() {
  const { username } = useCreator()
  const { email } = useSession()
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  useTrackVisit("auth_email", username)
  return (
    <AuthEmailScreen
      defaultEmail={email ?? ""}
      recoveryHref={paths.recoveryEmail}
      onSubmit={async ({ email: typed }) => {
        rememberEmail(typed)
        const { isAvailable } = await checkEmail(typed).catch((error: unknown) => {
          // Spec §8: a failed check is only logged.
          console.warn("E-mail check failed:", errorCode(error))
          throw error
        })
        await navigate(isAvailable ? paths.registerPassword : paths.authPassword)
      }}
    />
  )
}
