import { redirect, type LoaderFunction, type LoaderFunctionArgs } from "react-router"
import { fetchHighlights } from "../../api/highlights.ts"
import { keys } from "../../api/keys.ts"
import { fetchStats, primeProfile } from "../../api/profiles.ts"
import { prefetch, prime } from "../../api/shared.ts"
import { fetchSubscription, primeSubscription } from "../../api/subscriptions.ts"
import type { Profile, Subscription } from "../../domain/models.ts"
import { accessToken, authStore } from "../stores/auth-store.ts"
import { recoveryStore, type RecoveryState } from "../stores/recovery-store.ts"
import { firstRedirect, type Guard } from "./guards.ts"
import { usernameFromParam } from "./paths.ts"

/** A profile fetched this recently serves every loader of the same navigation. */
const PROFILE_REUSE_MS = 5_000
const profiles = new Map<string, { at: number; request: Promise<Profile> }>()

function loadProfile(username: string, maxAgeMs = Infinity): Promise<Profile> {
  const cached = profiles.get(username)
  if (cached && Date.now() - cached.at < maxAgeMs) return cached.request
  const request = primeProfile(username)
  request.catch(() => profiles.delete(username))
  profiles.set(username, { at: Date.now(), request })
  return request
}

/**
 * /{username}: strips a leading @, then opens only when the profile loads (a failure reaches
 * the error boundary, which blocks the area) and its highlights; subscription and stats start
 * loading alongside.
 */
export async function creatorLoader({ params, request }: LoaderFunctionArgs) {
  const username = usernameFromParam(params.username)
  if (username !== params.username) {
    const url = new URL(request.url)
    const rest = url.pathname.slice(`/${params.username ?? ""}`.length)
    return redirect(`/${username}${rest}${url.search}`)
  }
  const viewer = accessToken()
  // The highlights row sits above the photo grid: the page opens with it (fetched alongside
  // the profile, not after) so the grid does not move down when it arrives.
  const highlights = prime(keys.highlights(username, viewer), () =>
    fetchHighlights(username, viewer),
  ).catch(() => undefined)
  await loadProfile(username, PROFILE_REUSE_MS)
  prefetch(keys.stats(username), () => fetchStats(username))
  prefetch(keys.subscription(username, viewer), () => fetchSubscription(username, viewer))
  await highlights
  return { username }
}

/** A child route's loader that runs the spec §2 guards and redirects on the first refusal. */
export function guarded(...guards: Guard[]): LoaderFunction {
  return async ({ params }) => {
    const username = usernameFromParam(params.username)
    const profile = await loadProfile(username)
    const viewer = accessToken()
    let subscription: Promise<Subscription | null> | undefined
    const target = await firstRedirect(guards, {
      profile,
      loggedIn: viewer !== null,
      email: authStore.get().email,
      subscription: () => (subscription ??= primeSubscription(username, viewer)),
      now: new Date(),
    })
    return target ? redirect(`/${username}/${target}`) : null
  }
}

/** A child path that only forwards somewhere else in the creator area. */
export function redirectTo(path: string): LoaderFunction {
  return ({ params }) => redirect(`/${usernameFromParam(params.username)}/${path}`)
}

/** Recovery steps need the earlier step's result (spec §2), else they go back to auth. */
export function requireRecovery(field: keyof RecoveryState): LoaderFunction {
  return ({ params }) =>
    recoveryStore.get()[field] ? null : redirect(`/${usernameFromParam(params.username)}/auth`)
}
