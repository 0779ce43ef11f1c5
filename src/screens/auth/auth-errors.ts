import { errorCode, errorMessage } from "../../domain/errors.ts"
import { UNEXPECTED_ERROR } from "../../domain/messages.ts"
import { messages } from "../../domain/field-messages.ts"

/** The API's code for a wrong login (the server answers 401 "Senha incorreta"). */
const WRONG_PASSWORD_CODE = "wrong_password"

/**
 * Answers whose sentence the person needs, not a code, to know what to do: a closed account, an
 * e-mail that already has one (sign-up), too many tries and a bot check that failed.
 */
const SENTENCE_CODES = new Set([
  "account_closed",
  "email_taken",
  "too_many_requests",
  "captcha_failed",
])

/**
 * Login and register failures (spec §8): a wrong password reads "Senha incorreta", the answers
 * above the server's message; any other failure shows the server's error code, else the usual
 * message rule.
 */
export function authFailureMessage(error: unknown): string {
  const code = errorCode(error)
  if (code === WRONG_PASSWORD_CODE) return messages.wrongLogin
  if (code && SENTENCE_CODES.has(code)) return errorMessage(error, UNEXPECTED_ERROR)
  return code ?? errorMessage(error, UNEXPECTED_ERROR)
}
