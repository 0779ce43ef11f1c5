import { createHash, randomBytes } from "node:crypto"
import type { FastifyBaseLogger, FastifyReply } from "fastify"
import type { Role } from "../../../../src/domain/models.ts"
import type { Clock } from "../../clock.ts"
import type { Database } from "../../db/client.ts"
import { ConflictError, UnauthorizedError } from "../../errors.ts"
import { sessionExpiredMessage } from "../../plugins/auth.ts"
import { readerCookie } from "../../plugins/reader-cookie.ts"
import { refreshCookie } from "../../plugins/refresh-cookie.ts"
import { hasChosenPassword } from "../../../../src/domain/invites.ts"
import { createSessionsRepository, type SessionsRepository } from "./sessions.repository.ts"
import type { TokenService } from "../../plugins/tokens.ts"
import type { ReaderPasses } from "./reader-passes.ts"

const day = 86_400_000
/** A browser that refreshes at least this often stays signed in (sliding). */
export const refreshLifetimeMs = 30 * day
/**
 * Two tabs of one browser can send the same refresh token at once: the first rotates it, and
 * the browser's cookie jar (shared by the tabs) then holds the successor. A spent token shown
 * again within this grace gets a new access token but no new refresh token, so the jar keeps the
 * successor and nothing forks the family. Shown later, it is a stolen copy: the family ends.
 */
export const reuseGraceMs = 10_000

export const invitePasswordLogoutAllMessage =
  "Escolha a sua senha antes de sair de todos os dispositivos."

export interface IssuedRefreshToken {
  value: string
  expiresAt: Date
  /** Its session family and account, which the reader's pass names. */
  familyId: string
  accountId: string
}

export interface SessionDeps {
  db: Database
  tokens: TokenService
  readerPasses: ReaderPasses
  clock: Clock
  log: FastifyBaseLogger
  /** Whether the refresh cookie is Secure (the app is served over HTTPS). */
  secureCookie: boolean
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url")

type Outcome =
  | { kind: "refused" }
  | { kind: "reused"; familyId: string; accountId: string }
  | {
      kind: "renewed"
      account: { id: string; role: Role; tokenVersion: number }
      successor: IssuedRefreshToken | null
    }

/** Refresh tokens: started at sign-in, rotated on every refresh, ended by logout. */
export function createSessionService(deps: SessionDeps) {
  const repo = createSessionsRepository(deps.db)
  const now = () => deps.clock.now()
  const expired = () => new UnauthorizedError(sessionExpiredMessage, "session_expired")
  const secure = deps.secureCookie

  async function issue(
    r: SessionsRepository,
    { familyId, accountId }: { familyId: string; accountId: string },
    at: Date,
  ): Promise<IssuedRefreshToken> {
    const value = randomBytes(32).toString("base64url")
    const expiresAt = new Date(at.getTime() + refreshLifetimeMs)
    await r.insertToken({ familyId, tokenHash: sha256(value), now: at, expiresAt })
    return { value, expiresAt, familyId, accountId }
  }

  /** One transaction under the family's lock; throwing here would undo a revocation. */
  function exchange(tokenId: string, familyId: string): Promise<Outcome> {
    return deps.db.transaction(async (tx) => {
      const r = createSessionsRepository(tx)
      const family = await r.lockFamily(familyId)
      const token = await r.tokenById(tokenId)
      const at = now()
      if (!family || !token || family.revokedAt || token.expiresAt <= at) return { kind: "refused" }
      const spentFor = token.usedAt ? at.getTime() - token.usedAt.getTime() : null
      if (spentFor !== null && spentFor > reuseGraceMs) {
        await r.revokeFamily(family.id, at)
        return { kind: "reused", familyId: family.id, accountId: family.accountId }
      }
      const account = await r.account(family.accountId)
      if (!account || account.closedAt || account.tokenVersion !== family.tokenVersion) {
        await r.revokeFamily(family.id, at)
        return { kind: "refused" }
      }
      if (spentFor !== null) return { kind: "renewed", account, successor: null }
      await r.markUsed(token.id, at)
      await r.pruneTokens(family.id, at)
      const successor = await issue(r, { familyId: family.id, accountId: family.accountId }, at)
      await r.slideFamily(family.id, successor.expiresAt)
      return { kind: "renewed", account, successor }
    })
  }

  /** A new session for the account the access token (just signed by us) names. */
  async function start(accessToken: string): Promise<IssuedRefreshToken | null> {
    const claims = await deps.tokens.verify(accessToken)
    if (!claims) return null
    const at = now()
    const value = randomBytes(32).toString("base64url")
    const expiresAt = new Date(at.getTime() + refreshLifetimeMs)
    const familyId = await repo.startFamily({
      accountId: claims.accountId,
      tokenVersion: claims.version,
      tokenHash: sha256(value),
      now: at,
      expiresAt,
    })
    return { value, expiresAt, familyId, accountId: claims.accountId }
  }

  /**
   * The refresh cookie, and beside it the reader's pass for the same session and lifetime: the
   * pass slides with each rotation as the session does.
   */
  async function setCookies(reply: FastifyReply, token: IssuedRefreshToken) {
    refreshCookie.set(reply, token, secure)
    const pass = await deps.readerPasses.sign(
      { accountId: token.accountId, familyId: token.familyId },
      token.expiresAt,
    )
    readerCookie.set(reply, { value: pass, expiresAt: token.expiresAt }, secure)
  }

  return {
    start,

    /** Sign-in answers: the browser also gets the refresh cookie of a new session. */
    async keepSignedIn(reply: FastifyReply, accessToken: string | undefined) {
      const issued = accessToken ? await start(accessToken) : null
      if (issued) await setCookies(reply, issued)
    },

    /** The session's cookies as this app sets them: Secure when served over HTTPS. */
    cookie: {
      set: setCookies,
      clear: (reply: FastifyReply) => {
        refreshCookie.clear(reply, secure)
        readerCookie.clear(reply, secure)
      },
    },

    /**
     * Who a page is drawn for: the account of the reader's pass `presented` while its session
     * lives, with an access token to read as her; null for a missing, forged, expired or ended
     * pass (the page is then drawn, or left to the browser, as for anyone).
     */
    async reader(presented: string | undefined) {
      const pass = presented ? await deps.readerPasses.verify(presented) : null
      if (!pass) return null
      const account = await repo.liveFamilyAccount(pass.familyId, pass.accountId, now())
      if (!account) return null
      const accessToken = await deps.tokens.sign({
        accountId: account.id,
        role: account.role,
        version: account.tokenVersion,
      })
      return { viewer: account.id, accessToken }
    },

    /**
     * A new access token for a refresh token, and its successor (null within the reuse grace).
     * A spent token shown again ends its whole family: whoever holds the successor is out too.
     */
    async refresh(presented: string | undefined) {
      const found = presented ? await repo.findToken(sha256(presented)) : null
      if (!found) throw expired()
      const outcome = await exchange(found.id, found.familyId)
      if (outcome.kind === "reused") {
        deps.log.warn(
          { accountId: outcome.accountId, familyId: outcome.familyId },
          "spent refresh token shown again: session family revoked",
        )
      }
      if (outcome.kind !== "renewed") throw expired()
      const { account } = outcome
      const accessToken = await deps.tokens.sign({
        accountId: account.id,
        role: account.role,
        version: account.tokenVersion,
      })
      return { accessToken, successor: outcome.successor }
    },

    /** Logout: the presented token's family ends, whatever state it is in. */
    async end(presented: string | undefined) {
      const found = presented ? await repo.findToken(sha256(presented)) : null
      if (found) await repo.revokeFamily(found.familyId, now())
    },

    /**
     * "Sair de todos os dispositivos": every family ends, and the token version moves on, so
     * access tokens already handed out stop working at once too.
     */
    async endAll(account: { id: string; role: Role; tokenVersion: number }) {
      // At version 0 an invited creator still signs in with the invite's temporary password;
      // moving it would make that password look chosen and keep it working past the invite.
      if (account.role === "performer" && !hasChosenPassword(account))
        throw new ConflictError(invitePasswordLogoutAllMessage, "invite_password")
      await deps.db.transaction(async (tx) => {
        const r = createSessionsRepository(tx)
        const at = now()
        await r.bumpTokenVersion(account.id, at)
        await r.revokeAccountFamilies(account.id, at)
      })
    },
  }
}

export type SessionService = ReturnType<typeof createSessionService>
