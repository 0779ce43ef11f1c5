import { fetchHighlights } from "../../api/highlights.ts"
import { keys } from "../../api/keys.ts"
import { fetchStats, primeProfile } from "../../api/profiles.ts"
import { prefetch, prime } from "../../api/shared.ts"
import { fetchSubscription, primeSubscription } from "../../api/subscriptions.ts"
import type { Profile, Subscription } from "../../domain/models.ts"
import { looksLikeFile } from "../../domain/addresses.ts"
import { pageNotFound } from "../routing/not-found.ts"
import { redirect, type Loader, type LoaderArgs } from "../routing/routes.ts"
import { authStore, viewer } from "../stores/auth-store.ts"
import { holdIdleWork, releaseIdleWork } from "../when-idle.ts"
import { recoveryStore, type RecoveryState } from "../stores/recovery-store.ts"
import { firstRedirect, type Guard } from "./guards.ts"
import type { PhotoList } from "./use-profile-page.ts"
import { usernameFromParam } from "./paths.ts"

/**
 * Where the creator area's loaders read from: the browser's API client and SWR cache, or, for
 * the first HTML of a page, the server's own public reads (ssr/server-source.ts), handed over
 * as the router's request context. The route tree and its guards are the same for both.
 */
export type CreatorSource = {
  /** Who reads (the account of the access token, see `viewer`); null for a visitor. */
  viewer(): string | null
  /** The e-mail typed on the first auth step; undefined where it cannot be known (the server). */
  email(): string | null | undefined
  /** The profile; one asked for less than `maxAgeMs` ago is reused. */
  profile(username: string, maxAgeMs?: number): Promise<Profile>
  /** The highlights, kept for the page; resolves even when they fail (the page shows that). */
  highlights(username: string, viewer: string | null): Promise<void>
  /** The profile's counts: the browser does not wait for them. */
  stats(username: string): Promise<void>
  /** The reader's subscription, asked ahead for the pages that show it: nobody waits for it. */
  subscriptionAhead(username: string, viewer: string | null): Promise<void>
  subscription(username: string, viewer: string | null): Promise<Subscription | null>
}

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

/** A profile that came with a server-rendered page serves the guards of later navigations. */
export function rememberProfile(profile: Profile): void {
  profiles.set(profile.username, { at: Date.now(), request: Promise.resolve(profile) })
}

const browserSource: CreatorSource = {
  viewer,
  email: () => authStore.get().email,
  profile: loadProfile,
  highlights: async (username, viewer) => {
    await prime(keys.highlights(username, viewer), () => fetchHighlights(username, viewer)).catch(
      () => undefined,
    )
  },
  stats: async (username) => prefetch(keys.stats(username), () => fetchStats(username)),
  subscriptionAhead: async (username, viewer) =>
    prefetch(keys.subscription(username, viewer), () => fetchSubscription(username, viewer)),
  subscription: primeSubscription,
}

function sourceOf(context: unknown): CreatorSource {
  return (context as { creatorSource?: CreatorSource } | undefined)?.creatorSource ?? browserSource
}

/**
 * /{username}: strips a leading @, then opens only when the profile loads (a failure reaches
 * the error boundary, which blocks the area); the subscription starts loading alongside. The
 * profile page's own reads are its loader's (`profileLoader`), not every page's.
 */
export async function creatorLoader({ params, request, context }: LoaderArgs) {
  if (looksLikeFile(new URL(request.url).pathname)) throw pageNotFound()
  const username = usernameFromParam(params.username)
  if (username !== params.username) {
    const url = new URL(request.url)
    // The path after the first segment, which may arrive percent-encoded (/%40demo/checkout).
    const rest = url.pathname.replace(/^\/[^/]*/, "")
    return redirect(`/${username}${rest}${url.search}`)
  }
  const source = sourceOf(context)
  const viewer = source.viewer()
  // A signed-in reader's grid pages with code of its own, which also fetches what her page shows
  // beyond a visitor's: beside the profile, not after, and waited for, so the page opens whole.
  readerPhotos.delete(username)
  const readerPage =
    viewer && new URL(request.url).pathname === `/${username}`
      ? import("./routes/signed-in-photos.tsx")
          .then((chunk) => chunk.primeReaderPage(username, viewer))
          .then((list) => list && readerPhotos.set(username, { viewer, list }))
          .catch(() => undefined)
      : undefined
  await source.profile(username, PROFILE_REUSE_MS)
  await Promise.all([source.subscriptionAhead(username, viewer), readerPage])
  return { username }
}

/**
 * The profile page's guards, with what only it shows read beside them: the highlights row sits
 * above the photo grid, so the page opens with it (fetched alongside the profile, not after) and
 * the grid does not move down when it arrives; the counts start loading alongside.
 */
export function profileLoader(...guards: Guard[]): Loader {
  const guard = guarded(...guards)
  return async (args) => {
    const username = usernameFromParam(args.params.username)
    const source = sourceOf(args.context)
    const viewer = source.viewer()
    const shown = Promise.all([source.highlights(username, viewer), source.stats(username)])
    const target = await guard(args)
    if (!target) await shown
    return target
  }
}

/** The photos a signed-in reader's profile opens with, as its last loader run fetched them. */
const readerPhotos = new Map<string, { viewer: string; list: PhotoList }>()

export const readerPhotosOf = (username: string) => readerPhotos.get(username) ?? null

/** A child route's loader that runs the spec §2 guards and redirects on the first refusal. */
export function guarded(...guards: Guard[]): Loader {
  return async ({ params, context }) => {
    const username = usernameFromParam(params.username)
    const source = sourceOf(context)
    const profile = await source.profile(username)
    const viewer = source.viewer()
    let subscription: Promise<Subscription | null> | undefined
    const target = await firstRedirect(guards, {
      profile,
      loggedIn: viewer !== null,
      email: source.email(),
      subscription: () => (subscription ??= source.subscription(username, viewer)),
      now: new Date(),
    })
    return target ? redirect(`/${username}/${target}`) : null
  }
}

/**
 * The stories page's guards, with its stories read beside them: the player is the page's first
 * frame, not a splash that waits for a second read once it has rendered.
 */
export function guardedStories(...guards: Guard[]): Loader {
  const guard = guarded(...guards)
  return async (args) => {
    // The first story's picture is the page's largest element and arrives last: the visit, the
    // chat and the viewer count wait for it (the page lifts the hold) instead of competing.
    holdIdleWork()
    const username = usernameFromParam(args.params.username)
    const viewer = sourceOf(args.context).viewer()
    // Its code is the stories page's own, downloading beside the creator area's.
    const stories = viewer
      ? import("../../api/stories.ts")
          .then(({ primeStories }) => primeStories(username, viewer))
          .catch(() => undefined)
      : undefined
    const target = await guard(args)
    if (!target) await stories
    else releaseIdleWork()
    return target
  }
}

/** A child path that only forwards somewhere else in the creator area. */
export function redirectTo(path: string): Loader {
  return ({ params }) => redirect(`/${usernameFromParam(params.username)}/${path}`)
}

/**
 * Any other path under /{username} leads to the profile (spec §2), once the profile is known
 * to exist: under an unknown creator it fails with the profile's 404 instead.
 */
export const unknownChildLoader: Loader = async ({ params, request, context }) => {
  // A redirect would win over the area's own not-found: a file name never leads to the profile.
  if (looksLikeFile(new URL(request.url).pathname)) throw pageNotFound()
  const username = usernameFromParam(params.username)
  await sourceOf(context).profile(username, PROFILE_REUSE_MS)
  return redirect(`/${username}`)
}

/** Recovery steps need the earlier step's result (spec §2), else they go back to auth. */
export function requireRecovery(field: keyof RecoveryState): Loader {
  return ({ params }) =>
    recoveryStore.get()[field] ? null : redirect(`/${usernameFromParam(params.username)}/auth`)
}
