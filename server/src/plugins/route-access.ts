import type { Role } from "../../../src/domain/models.ts"

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
     * Who may call this route and whose object it acts on. Every /v1 route declares it; the auth
     * plugin enforces the caller from it (`accountRequired`), and the security tests read it from
     * the registered routes to know what to attempt and expect.
     */
    access?: RouteAccess
  }
}

/** The callers that are accounts: any account, or one of a role (another role gets 403). */
const accountCallers: Partial<Record<Caller, { role?: Role }>> = {
  "signed-in": {},
  performer: { role: "performer" },
  admin: { role: "admin" },
}

/**
 * What the auth plugin enforces for a route's declared caller: an account (of `role`, when
 * set), or nothing (null) for a caller that is not an account.
 */
export const accountRequired = (access: RouteAccess | undefined) =>
  (access && accountCallers[access.caller]) ?? null
