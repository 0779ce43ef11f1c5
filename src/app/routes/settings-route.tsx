import { useLocation, useNavigate } from "react-router"
import { useAccount } from "../../api/auth.ts"
import { useSubscription } from "../../api/subscriptions.ts"
import { errorMessage } from "../../domain/errors.ts"
import { SettingsScreen, type SettingsView } from "../../screens/settings/settings-screen.tsx"
import { appConfig } from "../config.ts"
import { useCreator } from "../creator/creator-context.ts"
import { creatorPaths } from "../creator/paths.ts"
import { logout, useSession } from "../session.ts"

/** "Minha conta": the account, this creator's subscription, cancel and logout. */
export default function SettingsRoute() {
  const { username, profile } = useCreator()
  const session = useSession()
  const account = useAccount(session.viewer).data?.account ?? session.account
  const subscription = useSubscription(username, session.viewer)
  const navigate = useNavigate()
  const location = useLocation()
  const paths = creatorPaths(username)

  const view: SettingsView = subscription.error
    ? { status: "error", message: errorMessage(subscription.error) }
    : subscription.data === undefined
      ? { status: "loading" }
      : {
          status: "ready",
          account: session.loggedIn
            ? { email: account?.email ?? session.email, fullName: account?.fullName ?? null }
            : null,
          creator: profile,
          subscription: subscription.data,
        }

  return (
    <SettingsScreen
      view={view}
      now={new Date()}
      // History back when this visit has somewhere to go back to, else the root (spec §2).
      onBack={() => void (location.key !== "default" ? navigate(-1) : navigate("/"))}
      onRetry={() => void subscription.mutate()}
      onLogout={() => void logout().then(() => navigate(paths.auth))}
      hrefs={{
        auth: paths.auth,
        profile: paths.profile,
        payment: paths.payment,
        paymentStatus: paths.paymentStatus,
        cancel: paths.cancel,
        support: appConfig.supportSiteUrl,
      }}
    />
  )
}
