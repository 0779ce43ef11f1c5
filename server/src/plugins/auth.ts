import { eq } from "drizzle-orm"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Role } from "../../../src/domain/models.ts"
import type { Database } from "../db/client.ts"
import { accounts } from "../db/schema.ts"
import { ForbiddenError, UnauthorizedError } from "../errors.ts"
import type { TokenService } from "../modules/auth/tokens.ts"

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
  }
  interface FastifyContextConfig {
    /** "required": visitors get 401. Routes without it still see `request.account` when signed in. */
    auth?: "required"
    /** Roles allowed on the route (implies auth required). */
    roles?: readonly Role[]
  }
}

export const loginRequiredMessage = "Faça login para continuar."
export const sessionExpiredMessage = "Sua sessão expirou. Faça login novamente."

/** Reads the bearer token on every request; routes opt in to requiring it through `config`. */
export function registerAuth(app: FastifyInstance, deps: { db: Database; tokens: TokenService }) {
  app.decorateRequest("account", null)

  app.addHook("onRoute", (route) => {
    if (route.config?.auth || route.config?.roles) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] }
    }
  })

  app.addHook("onRequest", async (request) => {
    const { account, presented } = await authenticate(request, deps)
    request.account = account
    const config = request.routeOptions.config
    if (!config.auth && !config.roles) return
    if (!account) {
      throw presented
        ? new UnauthorizedError(sessionExpiredMessage, "session_expired")
        : new UnauthorizedError(loginRequiredMessage, "unauthorized")
    }
    if (config.roles && !config.roles.includes(account.role)) {
      throw new ForbiddenError(
        "Você não tem permissão para acessar este recurso.",
        "forbidden_role",
      )
    }
  })
}

async function authenticate(request: FastifyRequest, deps: { db: Database; tokens: TokenService }) {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  if (!match) return { account: null, presented: false }
  const claims = await deps.tokens.verify(match[1]!)
  if (!claims) return { account: null, presented: true }
  const [row] = await deps.db
    .select({
      id: accounts.id,
      email: accounts.email,
      role: accounts.role,
      tokenVersion: accounts.tokenVersion,
    })
    .from(accounts)
    .where(eq(accounts.id, claims.accountId))
  // A password change bumps the version, which revokes every token issued before it.
  if (!row || row.tokenVersion !== claims.version) return { account: null, presented: true }
  return { account: row, presented: true }
}

export function requireAccount(request: FastifyRequest): AuthAccount {
  if (!request.account) throw new UnauthorizedError(loginRequiredMessage, "unauthorized")
  return request.account
}
