import { useLocation, useNavigate } from "react-router"
import { closeAccount, exportAccountData } from "../../api/account.ts"
import { useAccount } from "../../api/auth.ts"
import { useSubscription } from "../../api/subscriptions.ts"
import { useAlert } from "../../components/ui/alert.tsx"
import { ACCOUNT_EXPORT_FILE_NAME } from "../../domain/account.ts"
import { errorMessage } from "../../domain/errors.ts"
import { SettingsScreen, type SettingsView } from "../../screens/settings/settings-screen.tsx"
import { appConfig } from "../config.ts"
import { useCreator } from "../creator/creator-context.ts"
import { creatorPaths } from "../creator/paths.ts"
import { saveJsonFile } from "../save-file.ts"
import { logout, useSession } from "../session.ts"

/** "Minha conta": the account, this creator's subscription, cancel, logout and the LGPD rights. */
export default function SettingsRoute() {
  const { username, profile } = useCreator()
  const session = useSession()
  const account = useAccount(session.viewer).data?.account ?? session.account
  const subscription = useSubscription(username, session.viewer)
  const navigate = useNavigate()
  const location = useLocation()
  const paths = creatorPaths(username)
  const { showAlert } = useAlert()

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
      accountData={{
        onExport: async () => saveJsonFile(await exportAccountData(), ACCOUNT_EXPORT_FILE_NAME),
        onCloseAccount: async (password) => {
          const { message } = await closeAccount(password)
          // Every session of the account has ended: forget this one as logout does.
          await logout()
          showAlert({ type: "success", message })
          await navigate(paths.profile)
        },
      }}
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
