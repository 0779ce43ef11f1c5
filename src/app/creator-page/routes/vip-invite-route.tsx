import { useEffect } from "react"
import { useSearchParams } from "react-router"
import { VIP_INVITE_PARAM } from "../../../domain/vip-invite-link.ts"
import { VipInviteScreen } from "../../../screens/profile/vip-invite-screen.tsx"
import { logout } from "../../session.ts"
import { useCreator } from "../creator-context.ts"
import { creatorPaths } from "../paths.ts"
import { useVipInvite } from "../use-vip-invite.ts"
import { rememberVipInvite } from "../vip-invite-return.ts"

/** The lista VIP invitation's link, as mailed: accepted here by the invited account. */
export default function VipInviteRoute() {
  const { username } = useCreator()
  const [params] = useSearchParams()
  const token = params.get(VIP_INVITE_PARAM) ?? ""
  const paths = creatorPaths(username)
  const { view, accept, reset } = useVipInvite(username, token)
  const signedOut = view.status === "signed-out"
  // Back here after signing in or creating the account.
  const invitePath = paths.vipInvite(token)
  useEffect(() => {
    if (signedOut) rememberVipInvite({ username, path: invitePath })
  }, [signedOut, username, invitePath])
  const switchAccount = async () => {
    await logout()
    reset()
  }
  return (
    <VipInviteScreen
      username={username}
      view={view}
      onAccept={() => void accept()}
      onSwitchAccount={() => void switchAccount()}
      loginHref={paths.auth}
      profileHref={paths.profile}
    />
  )
}
