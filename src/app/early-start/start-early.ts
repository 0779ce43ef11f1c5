import { earlyAnswerKey, keepEarlyAnswers } from "../../api/early-answers.ts"
import { isNonCreatorSegment } from "../../domain/route-segments.ts"
import { followerReads } from "./follower-reads.ts"
import { preloadPicture, staffPicture, type PictureRead } from "./staff-pictures.ts"
import { staffReads } from "./staff-reads.ts"

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
 * chunks (modulepreload) and the reads it opens with, which src/api/client.ts then takes instead
 * of asking. A visitor on a creator's page gets the profile (on the profile page, with its
 * highlights and counts); a signed-in follower on her own pages of it (the Pix code, the
 * payment's status, the stories, "Minha conta") those and the page's reads, with her token; a signed-in page of the studio or
 * the operator, the session and the page's reads. Without it each step waits
 * for the one before: the entry, then the route's code, then the session, then the page's reads.
 */
export function startEarly({ chunks, apiOrigin }: EarlyStartPlan): void {
  const segments = location.pathname.split("/").filter(Boolean)
  const [first, page = ""] = segments
  let files: string[] = []
  const token = storedToken()
  if (first === undefined) files = chunks.landing
  else if (token && staffReads(first, page).length > 0) {
    // The server names a studio page's chunks in its HTML; its reads are the person's own.
    if (typeof window.fetch === "function") {
      const answers = ask(staffReads(first, page), apiOrigin, token)
      const picture = staffPicture(first, page)
      const answer = picture && answers.get(picture.read)
      if (picture && answer) preloadPictureOf(answer, picture)
    }
  } else if (!isNonCreatorSegment(first)) {
    const pageChunks =
      page === "" || page === "profile"
        ? chunks.profile
        : page === "checkout" && segments.length === 2
          ? chunks.checkout
          : []
    files = chunks.creator.concat(pageChunks)
    const username = usernameIn(first)
    const creatorReads = page === "" || page === "profile" ? profileReads : areaReads
    // A signed-in reader's answers depend on who asks: only her own pages ask with her token.
    if (username && typeof window.fetch === "function") {
      const ownReads = token ? followerReads(username, segments.slice(1).join("/")) : null
      if (!token) ask(creatorReads(username), apiOrigin, null)
      else if (ownReads) ask([...creatorReads(username), ...ownReads], apiOrigin, token)
    }
  }
  files.forEach(preload)
}

/** What the creator area's loader reads for every page (src/app/creator-page/loaders.ts). */
const areaReads = (username: string) => [`/v1/profile/${username}`]

/** What the profile page's loader reads beside it. */
const profileReads = (username: string) => [
  ...areaReads(username),
  `/v1/u/${username}/highlights`,
  `/v1/u/${username}/stats`,
]

/**
 * Asks for `paths` as src/api/client.ts would, with the signed-in person's token if any; the
 * answers by path.
 */
function ask(paths: string[], apiOrigin: string, token: string | null) {
  const api = apiOrigin || location.origin
  const credentials = api === location.origin ? "same-origin" : "include"
  const headers: Record<string, string> = { Accept: "application/json" }
  if (token) headers.Authorization = `Bearer ${token}`
  const answers = keepEarlyAnswers()
  const byPath = new Map<string, Promise<Response>>()
  for (const path of paths) {
    const answer = fetch(api + path, { credentials, headers })
    // The app asks again if this one failed; nobody awaits it until then.
    answer.catch(() => {})
    answers[earlyAnswerKey(api + path, token)] = answer
    byPath.set(path, answer)
  }
  return byPath
}

/**
 * Preloads the pictures `answer` names. It reads a copy, taken before the app can read the
 * answer itself (this callback was attached first); a failure leaves the picture to the page.
 */
function preloadPictureOf(answer: Promise<Response>, { find }: PictureRead) {
  answer
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((body: unknown) => {
      if (body !== null) find(body, new URLSearchParams(location.search)).forEach(preloadPicture)
    })
    .catch(() => {})
}

/**
 * The access token of src/app/stores/auth-store.ts, read without loading the store and in the
 * same order: the `auth` state's, else the `accessToken` key's.
 */
function storedToken(): string | null {
  const read = <T>(value: () => T) => {
    try {
      return value()
    } catch {
      return null
    }
  }
  const stored = read(() => JSON.parse(localStorage.getItem("auth") || "{}") as unknown)
  const token = (stored as { accessToken?: unknown } | null)?.accessToken
  if (typeof token === "string" && token) return token
  return read(() => localStorage.getItem("accessToken")) || null
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
