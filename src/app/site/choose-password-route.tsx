import { useSearchParams } from "react-router"
import { useNavigate } from "../routing/route-views.tsx"
import { changePassword } from "../../api/auth.ts"
import { ChoosePasswordScreen } from "../../screens/auth/choose-password-screen.tsx"
import { botCheckToken } from "../bot-check.ts"
import { safeRedirect } from "../creator-page/paths.ts"
import { signIn } from "../session.ts"
import { useDocumentTitle } from "../use-document-title.ts"

/** /choose-password?code&redirectTo: the code (temporary password) stands for the current one. */
export default function ChoosePasswordRoute() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get("code")
  useDocumentTitle("Escolha uma senha")
  return (
    <ChoosePasswordScreen
      hasCode={!!code}
      onSubmit={async ({ currentPassword, newPassword }) => {
        const { accessToken } = await changePassword({
          currentPassword: code ?? currentPassword ?? "",
          newPassword,
          captchaToken: await botCheckToken(),
        })
        // The change revokes older tokens: keep the one it returns.
        if (accessToken) await signIn(accessToken)
        window.setTimeout(() => void navigate(safeRedirect(params.get("redirectTo"))), 0)
      }}
    />
  )
}
