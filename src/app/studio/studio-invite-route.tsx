import { useEffect, useState } from "react"
import { useSearchParams } from "react-router"
import { useNavigate } from "../routing/route-views.tsx"
import { errorMessage } from "../../domain/errors.ts"
import {
  StudioInviteScreen,
  type StudioInviteView,
} from "../../screens/studio/studio-invite-screen.tsx"
import { login } from "../session.ts"
import { useDocumentTitle } from "../use-document-title.ts"
import { loginPath } from "./studio-access.ts"

/**
 * /studio/convite?email&code: the operator's invite. Signs in with the temporary password, then
 * hands it to /choose-password as the code, which replaces it.
 */
export default function StudioInviteRoute() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [view, setView] = useState<StudioInviteView>({ status: "opening" })
  const email = params.get("email") ?? ""
  const code = params.get("code") ?? ""
  useDocumentTitle("Convite")

  useEffect(() => {
    let active = true
    login(email, code)
      .then(() => {
        const next = new URLSearchParams({ code, redirectTo: "/studio" })
        if (active) void navigate(`/choose-password?${next}`, { replace: true })
      })
      .catch((error) => active && setView({ status: "error", message: errorMessage(error) }))
    return () => {
      active = false
    }
  }, [email, code, navigate])

  return <StudioInviteScreen view={view} loginHref={loginPath("studio")} />
}
