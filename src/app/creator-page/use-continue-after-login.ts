import { useNavigate } from "../routing/route-views.tsx"
import { useAlert } from "../../components/ui/alert.tsx"
import { SUBSCRIPTION_LOAD_ERROR } from "../../domain/messages.ts"
import { login } from "../session.ts"
import { viewer } from "../stores/auth-store.ts"
import { pathAfterCheckoutLogin, pathAfterLogin } from "./navigation.ts"
import { creatorPaths } from "./paths.ts"
import { takeVipInvitePath } from "./vip-invite-return.ts"

/**
 * After login: back to the lista VIP invitation she came from, else profile, payment status or
 * payment, by the fresh subscription (spec §4).
 */
export function useContinueAfterLogin(username: string) {
  const navigate = useNavigate()
  const { showAlert } = useAlert()
  const paths = creatorPaths(username)
  return async () => {
    const invite = takeVipInvitePath(username)
    if (invite) return navigate(invite)
    try {
      await navigate(await pathAfterLogin(paths, username, viewer()))
    } catch {
      showAlert({ type: "danger", message: SUBSCRIPTION_LOAD_ERROR })
      await navigate(paths.payment)
    }
  }
}

/**
 * "Continuar" of the checkout's own login: then profile or payment status as above, else the
 * buyer stays on the checkout, now identified.
 */
export function useCheckoutLogin(username: string) {
  const navigate = useNavigate()
  const { showAlert } = useAlert()
  const paths = creatorPaths(username)
  return async ({ email, password }: { email: string; password: string }) => {
    await login(email, password)
    try {
      const target = await pathAfterCheckoutLogin(paths, username, viewer())
      if (target) await navigate(target)
    } catch {
      showAlert({ type: "danger", message: SUBSCRIPTION_LOAD_ERROR })
    }
  }
}
