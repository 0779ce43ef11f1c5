import type { FastifyInstance, RouteOptions } from "fastify"

/**
 * Who may call a route: `public` (anyone), `signed-in` (any account), `performer` and `admin`
 * (that role), `shared-secret` (a caller proving itself with a secret we share: a gateway's
 * webhook signature, the metrics scraper's token), `signed-url` (whoever holds an unexpired
 * signature made for them).
 */
export type Caller = "public" | "signed-in" | "performer" | "admin" | "shared-secret" | "signed-url"

/** What a route reads or changes, which must be the caller's own. */
export type Owned =
  /** The caller's account: session, password, saved cards, data export, closing. */
  | "account"
  /** The session of the refresh cookie the browser presents. */
  | "session"
  /** A subscription whose subscriber is the caller, with its payments, card and receipts. */
  | "subscription"
  /** A payment of a subscription whose subscriber is the caller. */
  | "payment"
  /** The creator's own public profile. */
  | "profile"
  /** The creator's own studio: plans, stories, photos, highlights, subscribers, receipts, numbers. */
  | "studio"
  /** A creator's private stories and photos: only her subscribers with access get them. */
  | "subscribed-content"
  /** The media file the signature was made for, for the viewer it names. */
  | "signed-file"

export interface RouteAccess {
  caller: Caller
  owns?: Owned
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Who may call this route and whose object it acts on. Every /v1 route declares it; the
     * security tests read it from the registered routes to know what to attempt and expect.
     */
    access?: RouteAccess
  }
}

/**
 * Keeps a route's declared access and what the auth plugin enforces from saying different
 * things: a route that requires a role or a session declares that caller.
 */
export function registerRouteAccess(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    const problem = contradiction(route)
    if (problem) throw new Error(`${[route.method].flat().join(",")} ${route.url}: ${problem}`)
  })
}

export function contradiction(route: Pick<RouteOptions, "config">): string | undefined {
  const { access, roles, auth } = route.config ?? {}
  if (!access) return undefined
  if (roles && (roles.length !== 1 || roles[0] !== access.caller))
    return `roles ${roles.join(",")} but access declares the caller "${access.caller}"`
  if (auth === "required" && !["signed-in", "performer", "admin"].includes(access.caller))
    return `a session is required but access declares the caller "${access.caller}"`
  return undefined
}
