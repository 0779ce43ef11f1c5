import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto"
import { PASSWORD_UPDATED } from "../../../../src/domain/messages.ts"
import { requireHuman } from "../../adapters/captcha/require-human.ts"
import { passwordChangedMail, recoveryCodeMail } from "../../adapters/mail/templates.ts"
import type { ModuleDeps } from "../../deps.ts"
import { TooManyRequestsError, ValidationError } from "../../errors.ts"
import { createAuthRepository } from "./auth.repository.ts"
import { recordAccess } from "./access-log.repository.ts"
import { hashPassword } from "../../adapters/passwords/passwords.ts"
import { createRecoveryRepository } from "./recovery.repository.ts"

export const recoveryCodeValidMinutes = 10
/** Wrong codes the address that asked may type before the code is burnt. */
export const recoveryMaxAttempts = 5
/** Wrong codes per e-mail and day from addresses that did not ask: they never burn the code. */
export const recoveryOtherAddressGuessesPerDay = 10
export const recoveryEmailSentMessage =
  "Se o e-mail estiver cadastrado, você receberá um código de verificação em instantes."
/** Also for an expired code: "expirado" alone would say that someone asked for one. */
export const invalidCodeMessage = "Código inválido ou expirado."
export const tooManyAttemptsMessage = "Muitas tentativas. Solicite um novo código."
export const recoveryTokenInvalidMessage =
  "Sua solicitação expirou. Peça um novo código para trocar a senha."

const minute = 60_000
const day = 24 * 60 * minute
const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url")
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

export function createRecoveryService(deps: ModuleDeps) {
  const accounts = createAuthRepository(deps.db)
  const codes = createRecoveryRepository(deps.db)
  const hashCode = (accountId: string, code: string) =>
    createHmac("sha256", deps.config.jwtSecret)
      .update(`recovery:${accountId}:${code}`)
      .digest("base64url")

  // Kept in the rate-limit counters for every e-mail typed, account or not, so an unknown e-mail
  // is answered and limited exactly as a known one.
  const askedKey = (email: string, ip: string) => `recover:asked:${email}:${ip}`
  const triesKey = (email: string, ip: string) => `recover:tries:${email}:${ip}`
  const codeValidMs = recoveryCodeValidMinutes * minute
  const tooManyAttempts = () =>
    new TooManyRequestsError(tooManyAttemptsMessage, "too_many_attempts")
  const countTry = (key: string, max: number, windowMs: number) =>
    deps.limits.consume(key, max, windowMs).catch((error: unknown) => {
      throw error instanceof TooManyRequestsError ? tooManyAttempts() : error
    })

  return {
    /** Answers the same whether or not the e-mail has an account. */
    async sendCode(input: { email: string; token: string }, ip: string) {
      await requireHuman(deps.captcha, input.token, ip, "strict")
      await deps.limits.consume(`recover:email:${input.email}`, 3, 15 * minute)
      // This address asked: it gets fresh tries at the new code.
      await deps.limits.reset(askedKey(input.email, ip))
      await deps.limits.hit(askedKey(input.email, ip), codeValidMs)
      await deps.limits.reset(triesKey(input.email, ip))
      const account = await accounts.findByEmail(input.email)
      // A closed account cannot be reopened by a password reset.
      if (account && !account.closedAt) {
        const now = deps.clock.now()
        const code = randomInt(0, 1_000_000).toString().padStart(6, "0")
        await codes.replaceCode({
          accountId: account.id,
          codeHash: hashCode(account.id, code),
          expiresAt: new Date(now.getTime() + recoveryCodeValidMinutes * minute),
          now,
        })
        // Stored before the answer, sent after it: a slow mail server must not reveal that
        // the account exists.
        await deps.mailer
          .queue(recoveryCodeMail(account.email, code, recoveryCodeValidMinutes))
          .catch((err) => deps.log.error({ err }, "recovery mail failed"))
      }
      return { message: recoveryEmailSentMessage }
    },

    /**
     * Wrong codes from the address that asked burn the code after 5; from any other address
     * they never do, and count against a daily cap per e-mail instead, so someone guessing at
     * another person's code cannot spoil it. Unknown e-mails go through the same counters.
     */
    async checkCode(input: { email: string; gToken: string; recoveryCode: string }, ip: string) {
      await requireHuman(deps.captcha, input.gToken, ip, "strict")
      const asked = (await deps.limits.peek(askedKey(input.email, ip))) !== null
      if (asked) await countTry(triesKey(input.email, ip), recoveryMaxAttempts, codeValidMs)
      else
        await countTry(
          `recover:other-addresses:${input.email}`,
          recoveryOtherAddressGuessesPerDay,
          day,
        )
      const account = await accounts.findByEmail(input.email)
      const code = account ? await codes.latestOpenCode(account.id) : null
      const now = deps.clock.now()
      const right =
        account !== null &&
        code !== null &&
        code.expiresAt > now &&
        code.attempts < recoveryMaxAttempts &&
        sameHash(hashCode(account.id, input.recoveryCode), code.codeHash)
      if (!right) {
        if (asked && code) await codes.countAttempt(code.id, recoveryMaxAttempts)
        throw new ValidationError(invalidCodeMessage, "invalid_code", "recoveryCode")
      }
      const recoveryToken = randomBytes(32).toString("base64url")
      const accepted = await codes.acceptCode(code.id, {
        tokenHash: sha256(recoveryToken),
        tokenExpiresAt: new Date(now.getTime() + codeValidMs),
        now,
      })
      if (!accepted) throw new ValidationError(invalidCodeMessage, "invalid_code", "recoveryCode")
      return { recoveryToken }
    },

    async setPassword(
      input: { email: string; recoveryToken: string; gToken: string; password: string },
      ip: string,
    ) {
      await requireHuman(deps.captcha, input.gToken, ip, "strict")
      const account = await accounts.findByEmail(input.email)
      const now = deps.clock.now()
      const passwordHash = await hashPassword(input.password, deps.config.scrypt)
      const changed =
        account !== null &&
        (await deps.db.transaction(async (tx) => {
          if (
            !(await createRecoveryRepository(tx).consumeToken(
              account.id,
              sha256(input.recoveryToken),
              now,
            ))
          )
            return false
          await createAuthRepository(tx).setPassword(account.id, passwordHash, now)
          await recordAccess(tx, { accountId: account.id, event: "password_recovery", ip, at: now })
          return true
        }))
      if (!changed)
        throw new ValidationError(
          recoveryTokenInvalidMessage,
          "recovery_token_invalid",
          "recoveryToken",
        )
      await deps.mailer
        .queue(passwordChangedMail(account.email))
        .catch((err) => deps.log.error({ err }, "password-changed mail failed"))
      return { message: PASSWORD_UPDATED }
    },
  }
}
