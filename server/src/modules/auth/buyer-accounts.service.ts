import { requireHuman } from "../../adapters/captcha/require-human.ts"
import type { Captcha } from "../../adapters/captcha/captcha.ts"
import {
  generateTemporaryPassword,
  hashGeneratedPassword,
} from "../../adapters/passwords/passwords.ts"
import type { Clock } from "../../clock.ts"
import type { Database } from "../../db/client.ts"
import { isUniqueViolation } from "../../db/errors.ts"
import { ConflictError } from "../../errors.ts"
import type { RateLimitCounter } from "../../plugins/rate-limit.ts"
import type { TokenService } from "../../plugins/tokens.ts"
import { createAuthRepository } from "./auth.repository.ts"
import { emailTakenMessage } from "./auth.service.ts"
import { countSignupAttempt } from "./signup-limit.ts"

/** Follower accounts that a signed-out purchase creates for its e-mail, signed in at once. */
export function createBuyerAccounts(deps: {
  db: Database
  captcha: Captcha
  limits: RateLimitCounter
  tokens: TokenService
  clock: Clock
}) {
  const auth = createAuthRepository(deps.db)
  const now = () => deps.clock.now()

  async function create(
    input: { email: string; token?: string },
    signupFromProfileId: string,
    ip: string,
    newAccountId?: string,
  ) {
    const { email } = input
    // Whether the e-mail is taken is said only past the bot check, within the sign-up budget.
    await requireHuman(deps.captcha, input.token ?? "", ip)
    await countSignupAttempt(deps.limits, ip)
    // A taken e-mail fails the insert below (unique): no lookup before it.
    const password = generateTemporaryPassword()
    try {
      const row = await auth.insertFollower({
        id: newAccountId,
        email,
        passwordHash: hashGeneratedPassword(password),
        signupFromProfileId,
        ip,
        now: now(),
      })
      const accessToken = await deps.tokens.sign({
        accountId: row.id,
        role: row.role,
        version: row.tokenVersion,
      })
      return {
        buyer: { id: row.id, email: row.email, fullName: row.fullName },
        created: true as const,
        version: row.tokenVersion,
        auth: { accessToken, password },
      }
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(emailTakenMessage, "email_taken", "email")
      throw error
    }
  }

  return {
    create,

    /**
     * The account that an earlier attempt of this same request created before its process died:
     * the temporary password it made was never shown, so a new one is (only while unchanged).
     */
    async resume(
      earlier: { accountId: string; version: number },
      input: { email: string; token?: string },
      signupFromProfileId: string,
      ip: string,
    ) {
      const row = await auth.findById(earlier.accountId)
      // It died before creating the account it had noted: create it now, under that id.
      if (!row) return create(input, signupFromProfileId, ip, earlier.accountId)
      if (row.email !== input.email || row.tokenVersion !== earlier.version)
        throw new ConflictError(emailTakenMessage, "email_taken", "email")
      const password = generateTemporaryPassword()
      const { tokenVersion, role } = await auth.setPassword(
        row.id,
        hashGeneratedPassword(password),
        now(),
      )
      const accessToken = await deps.tokens.sign({ accountId: row.id, role, version: tokenVersion })
      return {
        buyer: { id: row.id, email: row.email, fullName: row.fullName },
        created: true as const,
        version: tokenVersion,
        auth: { accessToken, password },
      }
    },

    async remove(accountId: string) {
      await auth.remove(accountId)
    },

    async freshToken(accountId: string) {
      const account = await auth.findById(accountId)
      if (!account) return null
      return deps.tokens.sign({
        accountId: account.id,
        role: account.role,
        version: account.tokenVersion,
      })
    },
  }
}

export type BuyerAccounts = ReturnType<typeof createBuyerAccounts>
