/**
 * The first path segments that are not a creator's username: every other `/{segment}` is a
 * creator's page. The router declares its pages with these, the build's early-start script
 * skips them, and the server refuses them as usernames, so the three cannot drift apart.
 */

/** The app's own top-level pages (src/app/router.tsx and studio-routes.tsx). */
export const appPages = {
  lead: "tenho-interesse",
  choosePassword: "choose-password",
  doc: "doc",
  studio: "studio",
  admin: "admin",
  unsubscribe: "descadastrar",
} as const

/** What the server answers itself at the top level: the API and the built files. */
export const serverSegments: readonly string[] = ["v1", "assets"]

/** Whether `/{segment}` is a page of the app or of the server rather than a creator's. */
export function isNonCreatorSegment(segment: string): boolean {
  return (Object.values(appPages) as string[]).includes(segment) || serverSegments.includes(segment)
}

/** Names a creator would share with a page below `/{username}` or an API path. */
const otherReservedUsernames = [
  "u",
  "api",
  "files",
  "docs",
  "auth",
  "profile",
  "stories",
  "medias",
  "performer",
  "webhooks",
  "setting",
  "settings",
  "checkout",
  "payment",
  "subscription",
  "payments",
  "sandbox",
  "iugu",
  "mp",
  "events",
  "health",
  "ready",
  "metrics",
]

/** Usernames arrive as typed in a URL: "@Demo" and "demo" are the same creator. */
export const normalizeUsername = (username: string) =>
  username.trim().replace(/^@/, "").toLowerCase()

/** Usernames no creator may take: a creator named like a first segment would be unreachable. */
export function isReservedUsername(username: string): boolean {
  return isNonCreatorSegment(username) || otherReservedUsernames.includes(username)
}
