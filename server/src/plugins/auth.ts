import { and, eq, sql, type SQL } from "drizzle-orm"
import { alias } from "drizzle-orm/pg-core"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Role } from "../../../src/domain/models.ts"
import type { Database } from "../db/client.ts"
import { accounts } from "../db/schema.ts"
import { ForbiddenError, UnauthorizedError } from "../errors.ts"
import type { AccessClaims, TokenService } from "./tokens.ts"

export interface AuthAccount {
  id: string
  email: string
  role: Role
  tokenVersion: number
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in account, or null for a visitor. */
    account: AuthAccount | null
    /** On `accountInQuery` routes: the verified token, whose account the route's query reads. */
    tokenClaims: AccessClaims | null
  }
  interface FastifyContextConfig {
    /** "required": visitors get 401. Routes without it still see `request.account` when signed in. */
    auth?: "required"
    /** Roles allowed on the route (implies auth required). */
    roles?: readonly Role[]
    /**
     * The route's own query reads the token's account (`viewerColumns` joined on
     * `viewerMatches`) and hands it to `accountFromQuery`: one query fewer per signed-in read.
     * `request.account` stays null until then. Not with `roles`.
     */
    accountInQuery?: true
  }
}

export const loginRequiredMessage = "Faça login para continuar."
export const sessionExpiredMessage = "Sua sessão expirou. Faça login novamente."

/** Reads the bearer token on every request; routes opt in to requiring it through `config`. */
export function registerAuth(app: FastifyInstance, deps: { db: Database; tokens: TokenService }) {
  app.decorateRequest("account", null)
  app.decorateRequest("tokenClaims", null)
  const lookup = accountLookup(deps.db)

  app.addHook("onRoute", (route) => {
    if (route.config?.accountInQuery && route.config.roles)
      throw new Error(`${route.url}: accountInQuery cannot check roles`)
    if (route.config?.auth || route.config?.roles) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] }
    }
  })

  // A callback hook: a visitor without a token (most requests) costs no promise and no query.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!request.headers.authorization) {
      done(refusal(request, null, false))
      return
    }
    if (request.routeOptions.config.accountInQuery) {
      claimsOf(request, deps).then(({ claims, presented }) => {
        request.tokenClaims = claims
        // A token that is not ours is refused here; a revoked one by accountFromQuery.
        done(claims ? undefined : refusal(request, null, presented))
      }, done)
      return
    }
    authenticate(request, deps, lookup).then(({ account, presented }) => {
      request.account = account
      done(refusal(request, account, presented))
    }, done)
  })
}

/** The token's account as a query joins it, under its own name. */
export const viewerAccount = alias(accounts, "viewer")

/** The columns of `AuthAccount`, read from `viewerAccount`. */
export const viewerColumns = {
  id: viewerAccount.id,
  email: viewerAccount.email,
  role: viewerAccount.role,
  tokenVersion: viewerAccount.tokenVersion,
}

/**
 * The join condition of `viewerAccount`: the token's account at the token's version, so a
 * password change (which bumps it) revokes older tokens here too. Placeholders `viewerId` and
 * `tokenVersion`, from `viewerParams`.
 */
export const viewerMatches: SQL = and(
  eq(viewerAccount.id, sql.placeholder("viewerId")),
  eq(viewerAccount.tokenVersion, sql.placeholder("tokenVersion")),
)!

/** The values of `viewerMatches`' placeholders for this request (nulls match no account). */
export function viewerParams(request: FastifyRequest) {
  return {
    viewerId: request.tokenClaims?.accountId ?? null,
    tokenVersion: request.tokenClaims?.version ?? null,
  }
}

/** What a service needs to read the token's account in its own query and have it checked. */
export interface TokenViewer {
  params: ReturnType<typeof viewerParams>
  /** The account the query read: refused as the route requires, else returned. */
  accept(viewer: AuthAccount | null): AuthAccount | null
}

export const tokenViewer = (request: FastifyRequest): TokenViewer => ({
  params: viewerParams(request),
  accept: (viewer) => accountFromQuery(request, viewer),
})

/**
 * On an `accountInQuery` route, the account its query read (null: a visitor, or a token revoked
 * since): refused as the hook would refuse it, then the route's `request.account`.
 */
export function accountFromQuery(request: FastifyRequest, viewer: AuthAccount | null) {
  // Without claims the hook already refused any route that needs an account.
  const error = refusal(request, viewer, request.tokenClaims !== null)
  if (error) throw error
  request.account = viewer
  return viewer
}

/** Why the route refuses this caller, if it does. */
function refusal(request: FastifyRequest, account: AuthAccount | null, presented: boolean) {
  const config = request.routeOptions.config
  if (!config.auth && !config.roles) return undefined
  if (!account) {
    return presented
      ? new UnauthorizedError(sessionExpiredMessage, "session_expired")
      : new UnauthorizedError(loginRequiredMessage, "unauthorized")
  }
  if (config.roles && !config.roles.includes(account.role)) {
    return new ForbiddenError("Você não tem permissão para acessar este recurso.", "forbidden_role")
  }
  return undefined
}

/**
 * The account behind a token, read on every signed-in request (so revocation holds on every
 * replica at once) as a prepared statement: parsed and planned once per connection.
 */
function accountLookup(db: Database) {
  return db
    .select({
      id: accounts.id,
      email: accounts.email,
      role: accounts.role,
      tokenVersion: accounts.tokenVersion,
    })
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder("id")))
    .prepare("auth_account_by_id")
}

/** The verified claims of the request's bearer token; `presented` when it carried one. */
async function claimsOf(request: FastifyRequest, deps: { tokens: TokenService }) {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  if (!match) return { claims: null, presented: false }
  return { claims: await deps.tokens.verify(match[1]!), presented: true }
}

async function authenticate(
  request: FastifyRequest,
  deps: { tokens: TokenService },
  lookup: ReturnType<typeof accountLookup>,
) {
  const { claims, presented } = await claimsOf(request, deps)
  if (!claims) return { account: null, presented }
  const [row] = await lookup.execute({ id: claims.accountId })
  // A password change bumps the version, which revokes every token issued before it.
  if (!row || row.tokenVersion !== claims.version) return { account: null, presented: true }
  return { account: row, presented: true }
}

export function requireAccount(request: FastifyRequest): AuthAccount {
  if (!request.account) throw new UnauthorizedError(loginRequiredMessage, "unauthorized")
  return request.account
}
