import { useLocation } from "react-router"
import { useNavigate } from "../routing/route-views.tsx"
import { closeAccount, exportAccountData } from "../../api/account.ts"
import { useAccount } from "../../api/auth.ts"
import { useSubscription } from "../../api/subscriptions.ts"
import { useAlert } from "../../components/ui/alert.tsx"
import { ACCOUNT_EXPORT_FILE_NAME } from "../../domain/account-export.ts"
import { errorMessage } from "../../domain/errors.ts"
import type { Account, Profile, Subscription } from "../../domain/models.ts"
import type { SettingsView } from "../../screens/settings/settings-screen.tsx"
import { appConfig } from "../config.ts"
import { saveJsonFile } from "../save-file.ts"
import { logout, logoutEverywhere, useSession } from "../session.ts"
import { creatorPaths } from "./paths.ts"

type SettingsInput = {
  subscription: { data: Subscription | null | undefined; error: unknown }
  loggedIn: boolean
  /** The account of the session, when known. */
  account: Pick<Account, "email" | "fullName"> | null | undefined
  /** The e-mail typed on the first auth step, for an account not loaded yet. */
  email: string | null
  creator: Profile
}

/** "Minha conta": a visitor has no account card content; a failed load wins over stale data. */
export function toSettingsView({
  subscription,
  loggedIn,
  account,
  email,
  creator,
}: SettingsInput): SettingsView {
  if (subscription.error) return { status: "error", message: errorMessage(subscription.error) }
  if (subscription.data === undefined) return { status: "loading" }
  return {
    status: "ready",
    account: loggedIn
      ? { email: account?.email ?? email, fullName: account?.fullName ?? null }
      : null,
    creator,
    subscription: subscription.data,
  }
}

/**
 * Where "Minha conta" leads. "Atualizar cartão" exists only where the gateway keeps cards
 * (iugu): elsewhere its route sends the follower straight back here.
 */
export function settingsHrefs(
  paths: ReturnType<typeof creatorPaths>,
  profile: Pick<Profile, "paymentGateway">,
) {
  return {
    auth: paths.auth,
    profile: paths.profile,
    payment: paths.payment,
    paymentStatus: paths.paymentStatus,
    cancel: paths.cancel,
    updateCard: profile.paymentGateway === "iugu" ? paths.updateCard : undefined,
    support: appConfig.supportSiteUrl,
  }
}

/**
 * The settings page: its view, back, logout (here or on every device) and the LGPD rights
 * (export, close the account).
 */
export function useSettings(username: string, profile: Profile) {
  const session = useSession()
  const account = useAccount(session.viewer).data?.account ?? session.account
  const subscription = useSubscription(username, session.viewer)
  const navigate = useNavigate()
  const location = useLocation()
  const { showAlert } = useAlert()
  const paths = creatorPaths(username)

  return {
    view: toSettingsView({
      subscription,
      loggedIn: session.loggedIn,
      account,
      email: session.email,
      creator: profile,
    }),
    // History back when this visit has somewhere to go back to, else the root (spec §2).
    back: () => void (location.key !== "default" ? navigate(-1) : navigate("/")),
    retry: () => void subscription.mutate(),
    logout: () => void logout().then(() => navigate(paths.auth)),
    logoutEverywhere: async () => {
      showAlert({ type: "success", message: await logoutEverywhere() })
      await navigate(paths.auth)
    },
    accountData: {
      onExport: async () => saveJsonFile(await exportAccountData(), ACCOUNT_EXPORT_FILE_NAME),
      onCloseAccount: async (password: string) => {
        const { message } = await closeAccount(password)
        // Every session of the account has ended: forget this one as logout does.
        await logout()
        showAlert({ type: "success", message })
        await navigate(paths.profile)
      },
    },
    hrefs: settingsHrefs(paths, profile),
  }
}
