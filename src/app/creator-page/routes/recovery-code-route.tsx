import { useNavigate } from "../../routing/route-views.tsx"
import { recoverCode, recoverEmail } from "../../../api/auth.ts"
import { RecoveryCodeScreen } from "../../../screens/auth/recovery-code-screen.tsx"
import { botCheckToken } from "../../bot-check.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { recoveryStore, useRecovery } from "../../stores/recovery-store.ts"

/** Recovery, step 2: the 6-digit code buys a recovery token. */
export default function RecoveryCodeRoute() {
  const { username } = useCreator()
  const { email } = useRecovery()
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  return (
    <RecoveryCodeScreen
      email={email ?? ""}
      loginHref={paths.auth}
      onSubmit={async (values) => {
        const { recoveryToken } = await recoverCode(
          values.email,
          values.code,
          await botCheckToken(),
        )
        recoveryStore.set({ recoveryToken })
        await navigate(paths.recoveryPassword)
      }}
      onResend={async () => {
        await recoverEmail(email ?? "", await botCheckToken())
      }}
    />
  )
}
