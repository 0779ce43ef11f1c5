import { PROFILE_NOT_FOUND } from "../../../../src/domain/messages.ts"
import type { Account } from "../../../../src/domain/models.ts"
import { messages } from "../../../../src/domain/validation.ts"
import { passwordChangedMail } from "../../adapters/mail/templates.ts"
import { requireHuman } from "../../adapters/captcha/require-human.ts"
import { isUniqueViolation } from "../../db/errors.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from "../../errors.ts"
import { recordAccess } from "./access-log.repository.ts"
import { refuseExpiredInvite } from "./expired-invite.ts"
import { createAuthRepository } from "./auth.repository.ts"
import { createLoginThrottle } from "./login-throttle.ts"
import { countSignupAttempt } from "./signup-limit.ts"
import {
  generateTemporaryPassword,
  hashGeneratedPassword,
  hashPassword,
  verifyPassword,
  verifyPasswordAtEqualCost,
} from "../../adapters/passwords/passwords.ts"

export const emailTakenMessage = "Este e-mail já está cadastrado. Faça login para continuar."
export const profileNotFoundMessage = PROFILE_NOT_FOUND
export const accountClosedLoginMessage = "Esta conta foi encerrada."

const minute = 60_000

export function createAuthService(deps: ModuleDeps) {
  const repo = createAuthRepository(deps.db)
  const now = () => deps.clock.now()
  const issueToken = (account: { id: string; role: Account["role"]; tokenVersion: number }) =>
    deps.tokens.sign({ accountId: account.id, role: account.role, version: account.tokenVersion })

  return {
    issueToken,

    async login(input: { usernameOrEmail: string; password: string; token?: string }, ip: string) {
      const login = input.usernameOrEmail.replace(/^@/, "")
      const account = login.includes("@")
        ? await repo.findByEmail(login)
        : await repo.findByUsername(login)
      // A creator signs in by e-mail or username: both count against the one account.
      const throttle = createLoginThrottle(
        deps.limits,
        account ? `account:${account.id}` : `login:${login}`,
        ip,
      )
      await throttle.awaitTurn()
      if (await throttle.needsBotCheck()) await requireHuman(deps.captcha, input.token ?? "", ip)
      const ok = await verifyPasswordAtEqualCost(
        input.password,
        account?.passwordHash ?? null,
        deps.config.scrypt,
      )
      if (!account || !ok) {
        await throttle.failed()
        throw new UnauthorizedError(messages.wrongLogin, "wrong_password")
      }
      await throttle.succeeded()
      if (account.closedAt) throw new UnauthorizedError(accountClosedLoginMessage, "account_closed")
      await refuseExpiredInvite(deps.db, account, now())
      await recordAccess(deps.db, { accountId: account.id, event: "login", ip, at: now() })
      return { accessToken: await issueToken(account) }
    },

    /** Short sign-up from a creator's page; without a password one is generated and returned once. */
    async registerShort(
      input: { email: string; token: string; from: string; password?: string },
      ip: string,
    ) {
      await requireHuman(deps.captcha, input.token, ip)
      const profileId = await deps.profileIds.byUsername(input.from)
      if (!profileId) throw new NotFoundError(profileNotFoundMessage, "profile_not_found")
      await countSignupAttempt(deps.limits, ip)
      if (await repo.emailExists(input.email))
        throw new ConflictError(emailTakenMessage, "email_taken", "email")
      const temporary = input.password ? null : generateTemporaryPassword()
      const passwordHash = temporary
        ? hashGeneratedPassword(temporary)
        : await hashPassword(input.password!, deps.config.scrypt)
      try {
        const account = await repo.insertFollower({
          email: input.email,
          passwordHash,
          signupFromProfileId: profileId,
          ip,
          now: now(),
        })
        return {
          accessToken: await issueToken(account),
          ...(temporary ? { password: temporary } : {}),
        }
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError(emailTakenMessage, "email_taken", "email")
        throw error
      }
    },

    async session(accountId: string): Promise<{ account: Account }> {
      const row = await repo.findById(accountId)
      if (!row) throw new UnauthorizedError()
      return {
        account: {
          _id: row.id,
          email: row.email,
          username: row.username,
          fullName: row.profileFullName ?? row.fullName,
          role: row.role,
        },
      }
    },

    /** Also how a buyer with a temporary password chooses one (it arrives as the current password). */
    async changePassword(
      accountId: string,
      input: { currentPassword: string; newPassword: string; captchaToken: string },
      ip: string,
    ) {
      await requireHuman(deps.captcha, input.captchaToken, ip)
      await deps.limits.consume(`password-change:${accountId}`, 10, 60 * minute)
      const account = await repo.findById(accountId)
      if (!account) throw new UnauthorizedError()
      if (!(await verifyPassword(input.currentPassword, account.passwordHash))) {
        throw new ValidationError(messages.wrongLogin, "wrong_password", "currentPassword")
      }
      const updated = await repo.setPassword(
        account.id,
        await hashPassword(input.newPassword, deps.config.scrypt),
        now(),
      )
      await recordAccess(deps.db, {
        accountId: account.id,
        event: "password_change",
        ip,
        at: now(),
      })
      await deps.mailer
        .queue(passwordChangedMail(account.email))
        .catch((err) => deps.log.error({ err }, "password-changed mail failed"))
      return {
        accessToken: await issueToken({
          id: account.id,
          role: updated.role,
          tokenVersion: updated.tokenVersion,
        }),
      }
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
