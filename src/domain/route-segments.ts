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
} as const

/** What the server answers itself at the top level: the API and the built files. */
export const serverSegments = ["v1", "assets"] as const

/** First segments whose page is not a creator's. */
export const nonCreatorSegments: readonly string[] = [...Object.values(appPages), ...serverSegments]

/**
 * Usernames no creator may take: a creator named like a first segment would be unreachable,
 * and one named like a page below `/{username}` or an API path would read as that page.
 */
export const reservedUsernames: ReadonlySet<string> = new Set([
  ...nonCreatorSegments,
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
])
