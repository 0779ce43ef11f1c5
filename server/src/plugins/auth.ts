import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Role } from "../../../src/domain/models.ts"
import type { Database } from "../db/client.ts"
import { ForbiddenError, UnauthorizedError } from "../errors.ts"
import { accountLookup, type AccountLookup } from "./auth.repository.ts"
import { accountRequired } from "./route-access.ts"
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
    /**
     * The route's own query reads the token's account (`viewerColumns` joined on
     * `viewerMatches`) and hands it to `accountFromQuery`: one query fewer per signed-in read.
     * `request.account` stays null until then. Not for a caller of one role.
     */
    accountInQuery?: true
  }
}

export const loginRequiredMessage = "Faça login para continuar."
export const sessionExpiredMessage = "Sua sessão expirou. Faça login novamente."

/**
 * Reads the bearer token on every request and enforces each route's `config.access.caller`:
 * "signed-in" needs an account, "performer" and "admin" an account of that role; other callers
 * still see `request.account` when signed in.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Database; tokens: TokenService }) {
  app.decorateRequest("account", null)
  app.decorateRequest("tokenClaims", null)
  const lookup = accountLookup(deps.db)

  app.addHook("onRoute", (route) => {
    const required = accountRequired(route.config?.access)
    if (route.config?.accountInQuery && required?.role)
      throw new Error(`${route.url}: accountInQuery cannot check roles`)
    if (required) {
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
  const required = accountRequired(request.routeOptions.config.access)
  if (!required) return undefined
  if (!account) {
    return presented
      ? new UnauthorizedError(sessionExpiredMessage, "session_expired")
      : new UnauthorizedError(loginRequiredMessage, "unauthorized")
  }
  if (required.role && account.role !== required.role) {
    return new ForbiddenError("Você não tem permissão para acessar este recurso.", "forbidden_role")
  }
  return undefined
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
  lookup: AccountLookup,
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
