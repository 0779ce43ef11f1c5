import { useNavigate } from "../../routing/route-views.tsx"
import { recoverPassword } from "../../../api/auth.ts"
import { RecoveryPasswordScreen } from "../../../screens/auth/recovery-password-screen.tsx"
import { botCheckToken } from "../../bot-check.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { rememberEmail } from "../../session.ts"
import { recoveryStore, useRecovery } from "../../stores/recovery-store.ts"

/** Recovery, step 3: the new password, then back to login with the e-mail filled in. */
export default function RecoveryPasswordRoute() {
  const { username } = useCreator()
  const { email, recoveryToken } = useRecovery()
  const navigate = useNavigate()
  const paths = creatorPaths(username)
  return (
    <RecoveryPasswordScreen
      loginHref={paths.auth}
      onSubmit={async ({ password }) => {
        await recoverPassword({
          email: email ?? "",
          recoveryToken: recoveryToken ?? "",
          password,
          gToken: await botCheckToken(),
        })
        rememberEmail(email ?? "")
        recoveryStore.reset()
        // After the screen has said "Senha atualizada com sucesso".
        window.setTimeout(() => void navigate(paths.authPassword), 0)
      }}
    />
  )
}
