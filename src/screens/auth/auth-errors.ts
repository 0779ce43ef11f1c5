import { errorCode, errorMessage } from "../../domain/errors.ts"
import { UNEXPECTED_ERROR } from "../../domain/messages.ts"
import { messages } from "../../domain/validation.ts"

/** The API's code for a wrong login (the server answers 401 "Senha incorreta"). */
const WRONG_PASSWORD_CODE = "wrong_password"

/**
 * Login and register failures (spec §8): a wrong password reads "Senha incorreta"; any other
 * failure shows the server's error code, else the usual message rule.
 */
export function authFailureMessage(error: unknown): string {
  const code = errorCode(error)
  if (code === WRONG_PASSWORD_CODE) return messages.wrongLogin
  return code ?? errorMessage(error, UNEXPECTED_ERROR)
}
