/**
 * The lista VIP invitation a signed-out follower opened: kept for this tab while she signs in or
 * creates her account, so she comes back to accept it. Session storage: it ends with the tab.
 */
const KEY = "vipInvite"

type Pending = { username: string; path: string }

export function rememberVipInvite(pending: Pending): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(pending))
  } catch {
    // Storage refused (private mode): she can open the mailed link again after signing in.
  }
}

/** The invitation page to return to after signing in at this creator's page, once. */
export function takeVipInvitePath(username: string): string | null {
  try {
    const raw = window.sessionStorage.getItem(KEY)
    if (!raw) return null
    const pending = JSON.parse(raw) as Partial<Pending>
    if (pending.username !== username || typeof pending.path !== "string") return null
    window.sessionStorage.removeItem(KEY)
    return pending.path.startsWith(`/${username}/`) ? pending.path : null
  } catch {
    return null
  }
}
