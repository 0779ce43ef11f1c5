import { useEffect } from "react"
import { useHydrated } from "../../components/ui/use-hydrated.ts"
import { useNavigate } from "../routing/route-views.tsx"
import { useSession } from "../session.ts"
import { authStore } from "../stores/auth-store.ts"

/**
 * The e-mail typed on the first step, for the steps after it. The server draws those steps
 * without it, as only this browser remembers it: once the app runs the page, the e-mail fills
 * in, and with none remembered the person starts again at `emailStep` (spec §2's guard, which
 * the browser's own navigations run before the page opens).
 */
export function useRememberedEmail(emailStep: string): string {
  const { email } = useSession()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  useEffect(() => {
    if (hydrated && !authStore.get().email) void navigate(emailStep, { replace: true })
    // Once, as the app takes the page over; a sign-in that clears the e-mail later moves on itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])
  return email ?? ""
}
