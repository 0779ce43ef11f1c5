import { useState } from "react"
import { mutate } from "swr"
import { ApiError } from "../../api/client.ts"
import { acceptVipInvite } from "../../api/vip-invites.ts"
import { errorMessage } from "../../domain/errors.ts"
import { vipInviteInvalidMessage } from "../../domain/vip-invites.ts"
import type { VipInviteView } from "../../screens/profile/vip-invite-screen.tsx"
import { useSession } from "../session.ts"

type Outcome = Exclude<VipInviteView, { status: "signed-out" | "ready" }> | null

/** The invitation page's state: who is signed in, and how accepting went. */
export function useVipInvite(username: string, token: string) {
  const { loggedIn, account } = useSession()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [accepting, setAccepting] = useState(false)
  const email = account?.email ?? ""

  const accept = async () => {
    setAccepting(true)
    try {
      await acceptVipInvite(token)
      // Her subscription and the content's answers change with the lista VIP.
      await mutate((key) => Array.isArray(key) && key.includes(username))
      setOutcome({ status: "accepted" })
    } catch (error) {
      const message = errorMessage(error)
      if (error instanceof ApiError && error.code === "wrong_account")
        setOutcome({ status: "wrong-account", message, email })
      else if (error instanceof ApiError && (error.status === 404 || error.status === 400))
        setOutcome({ status: "invalid", message })
      else setOutcome({ status: "error", message })
    } finally {
      setAccepting(false)
    }
  }

  const view: VipInviteView = !token
    ? { status: "invalid", message: vipInviteInvalidMessage }
    : (outcome ?? (loggedIn ? { status: "ready", email, accepting } : { status: "signed-out" }))
  return { view, accept, reset: () => setOutcome(null) }
}
