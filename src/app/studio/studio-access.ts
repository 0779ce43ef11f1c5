import { fetchSession } from "../../api/auth.ts"
import { ApiError } from "../../api/client.ts"
import type { Account, Role } from "../../domain/models.ts"
import { redirect, type LoaderArgs } from "../routing/routes.ts"
import { logout } from "../session.ts"
import { accessToken } from "../stores/auth-store.ts"

export type Area = "studio" | "admin"

export const areaRole: Record<Area, Role> = { studio: "performer", admin: "admin" }
export const areaHome: Record<Area, string> = { studio: "/studio/numeros", admin: "/admin/leads" }
export const loginPath = (area: Area) => `/${area}/entrar`

/** The signed-in account, or null when there is no valid session (an expired one is cleared). */
async function currentAccount(): Promise<Account | null> {
  if (!accessToken()) return null
  try {
    return (await fetchSession()).account
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await logout()
      return null
    }
    throw error
  }
}

/** /studio and /admin: signed in with the area's role, otherwise to its login. */
export const requireArea =
  (area: Area) =>
  async ({ request }: LoaderArgs) => {
    const account = await currentAccount()
    const url = new URL(request.url)
    if (!account || account.role !== areaRole[area]) {
      throw redirect(
        `${loginPath(area)}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
      )
    }
    return { account }
  }

/** The login page: someone already in goes straight to the area; the wrong account is named. */
export const loginLoader = (area: Area) => async () => {
  const account = await currentAccount()
  if (account?.role === areaRole[area]) throw redirect(areaHome[area])
  return { area, wrongAccount: account ? { email: account.email } : null }
}
