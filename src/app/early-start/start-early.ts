import { keepEarlyAnswers } from "../../api/early-answers.ts"
import { isNonCreatorSegment } from "../../domain/route-segments.ts"

/** The chunks, as URLs, each page a follower lands on runs beyond the entry's. */
export type LandingChunks = Record<"landing" | "creator" | "profile" | "checkout", string[]>

/** What the build knows and the script needs (see build/early-start.ts). */
export type EarlyStartPlan = {
  chunks: LandingChunks
  /** The API's origin without a trailing slash; empty when it is the page's own. */
  apiOrigin: string
}

/**
 * A buyer's pages after a checkout (the Pix code, the payment's status) open on her
 * subscription: the reads their guards and screens wait for, asked with her token.
 */
const buyerPages = new Set(["checkout/qrcodeurl", "payment/status"])

/**
 * Starts, while the entry downloads, what the page will ask for once the app runs: the route's
 * chunks (modulepreload) and, on a creator's page, the reads it opens with, which
 * src/api/client.ts then takes instead of asking. A visitor's are the profile, its highlights
 * and counts; a signed-in reader's depend on who asks, so only a buyer's pages ask for them,
 * with her token. Without it each step waits for the one before: the entry, then the route's
 * code, then the API, then the subscription once the profile is known.
 */
export function startEarly({ chunks, apiOrigin }: EarlyStartPlan): void {
  const segments = location.pathname.split("/").filter(Boolean)
  const [first, page = ""] = segments
  let files: string[] = []
  if (first === undefined) files = chunks.landing
  else if (!isNonCreatorSegment(first)) {
    const pageChunks =
      page === "" || page === "profile"
        ? chunks.profile
        : page === "checkout" && segments.length === 2
          ? chunks.checkout
          : []
    files = chunks.creator.concat(pageChunks)
    const username = usernameIn(first)
    const token = storedToken()
    if (username && typeof window.fetch === "function") {
      if (token === null) askEarly(apiOrigin, null, creatorReads(username))
      else if (buyerPages.has(segments.slice(1).join("/")))
        askEarly(apiOrigin, token, [...creatorReads(username), `/v1/${username}/subscription`])
    }
  }
  files.forEach(preload)
}

/** What the creator area's loader reads for every page (src/app/creator-page/loaders.ts). */
const creatorReads = (username: string) => [
  `/v1/profile/${username}`,
  `/v1/u/${username}/highlights`,
  `/v1/u/${username}/stats`,
]

/** Asks as src/api/client.ts would: JSON, and the token when there is one. */
function askEarly(apiOrigin: string, token: string | null, paths: string[]) {
  const api = apiOrigin || location.origin
  const credentials = api === location.origin ? "same-origin" : "include"
  const headers: Record<string, string> = { Accept: "application/json" }
  if (token !== null) headers.Authorization = `Bearer ${token}`
  const answers = keepEarlyAnswers()
  for (const path of paths) {
    const response = fetch(api + path, { credentials, headers })
    // The app asks again if this one failed; nobody awaits it until then.
    response.catch(() => {})
    answers[api + path] = { token, response }
  }
}

/**
 * The access token of src/app/stores/auth-store.ts, read as it reads it (the `auth` state's
 * first, then the `accessToken` key) without loading the store.
 */
function storedToken(): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem("auth") || "{}") as { accessToken?: unknown }
    if (typeof stored?.accessToken === "string" && stored.accessToken) return stored.accessToken
    return localStorage.getItem("accessToken") || null
  } catch {
    return null
  }
}

/** "%40Demo" and "@demo" name the same creator as "Demo"; a malformed segment names none. */
function usernameIn(segment: string): string | undefined {
  try {
    return encodeURIComponent(decodeURIComponent(segment).replace(/^@+/, ""))
  } catch {
    return undefined
  }
}

function preload(href: string) {
  const link = document.createElement("link")
  link.rel = "modulepreload"
  link.crossOrigin = ""
  link.href = href
  document.head.appendChild(link)
}
