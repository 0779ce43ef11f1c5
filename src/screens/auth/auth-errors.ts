import { errorCode, errorMessage } from "../../domain/errors.ts"
import { UNEXPECTED_ERROR } from "../../domain/messages.ts"
import { messages } from "../../domain/validation.ts"

/** The API's code for a wrong login (the server answers 401 "Senha incorreta"). */
const WRONG_PASSWORD_CODE = "wrong_password"

/** A closed account: the person needs the server's sentence, not a code, to know why. */
const ACCOUNT_CLOSED_CODE = "account_closed"

/**
 * Login and register failures (spec §8): a wrong password reads "Senha incorreta", a closed
 * account the server's message; any other failure shows the server's error code, else the usual
 * message rule.
 */
export function authFailureMessage(error: unknown): string {
  const code = errorCode(error)
  if (code === WRONG_PASSWORD_CODE) return messages.wrongLogin
  if (code === ACCOUNT_CLOSED_CODE) return errorMessage(error, UNEXPECTED_ERROR)
  return code ?? errorMessage(error, UNEXPECTED_ERROR)
}
