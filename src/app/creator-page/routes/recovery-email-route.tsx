import { useNavigate } from "../../routing/route-views.tsx"
import { recoverEmail } from "../../../api/auth.ts"
import { RecoveryEmailScreen } from "../../../screens/auth/recovery-email-screen.tsx"
import { botCheckToken } from "../../bot-check.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { useSession } from "../../session.ts"
import { recoveryStore } from "../../stores/recovery-store.ts"

/** Recovery, step 1: the code goes to the e-mail. */
export default function RecoveryEmailRoute() {
  const { username } = useCreator()
  const { email } = useSession()
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  return (
    <RecoveryEmailScreen
      // The server draws this step without the e-mail this browser remembers: the form starts
      // again with it once the app knows it.
      key={email ? "remembered" : "blank"}
      defaultEmail={email ?? ""}
      loginHref={paths.auth}
      onSubmit={async ({ email: typed }) => {
        await recoverEmail(typed, await botCheckToken())
        recoveryStore.set({ email: typed, recoveryToken: null })
        await navigate(paths.recoveryCode)
      }}
    />
  )
}
