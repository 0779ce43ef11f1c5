import { useEffect, useState } from "react"
import { unsubscribeDigest } from "../../api/notifications.ts"
import { errorMessage } from "../../domain/errors.ts"
import { unsubscribeInvalidMessage } from "../../domain/notification-texts.ts"
import type { UnsubscribeView } from "../../screens/notifications/unsubscribe-screen.tsx"

/** Unsubscribes once, as the page opens: the mail's link is the whole request. */
export function useUnsubscribe(token: string | null): UnsubscribeView {
  const [view, setView] = useState<UnsubscribeView>(
    token ? { status: "working" } : { status: "invalid", message: unsubscribeInvalidMessage },
  )
  useEffect(() => {
    if (!token) return
    let current = true
    unsubscribeDigest(token).then(
      ({ username, message }) => current && setView({ status: "done", username, message }),
      (error) =>
        current &&
        setView({ status: "invalid", message: errorMessage(error, unsubscribeInvalidMessage) }),
    )
    return () => {
      current = false
    }
  }, [token])
  return view
}
