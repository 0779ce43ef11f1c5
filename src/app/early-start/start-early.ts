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
 * Starts, while the entry downloads, what the page will ask for once the app runs: the route's
 * chunks (modulepreload) and, for a visitor on a creator's page, the profile, its highlights and
 * counts, which src/api/client.ts then takes instead of asking. Without it each step waits for
 * the one before: the entry, then the route's code, then the API.
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
    // A signed-in reader's answers depend on who asks: the app asks for them with the token.
    if (!signedIn() && username && typeof window.fetch === "function")
      askForProfile(username, apiOrigin)
  }
  files.forEach(preload)
}

function askForProfile(username: string, apiOrigin: string) {
  const api = apiOrigin || location.origin
  const credentials = api === location.origin ? "same-origin" : "include"
  const answers = keepEarlyAnswers()
  for (const path of [
    `/v1/profile/${username}`,
    `/v1/u/${username}/highlights`,
    `/v1/u/${username}/stats`,
  ]) {
    const answer = fetch(api + path, { credentials, headers: { Accept: "application/json" } })
    // The app asks again if this one failed; nobody awaits it until then.
    answer.catch(() => {})
    answers[api + path] = answer
  }
}

/** The session keys of src/app/stores/auth-store.ts, read without loading the store. */
function signedIn(): boolean {
  try {
    if (localStorage.getItem("accessToken")) return true
    const stored = JSON.parse(localStorage.getItem("auth") || "{}") as { accessToken?: unknown }
    return Boolean(stored?.accessToken)
  } catch {
    return false
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
