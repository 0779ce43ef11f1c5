import { UNEXPECTED_ERROR } from "./messages.ts"

// The §8 fallbacks are importable from here as well as from messages.ts, their one definition.
export {
  CARD_PAYMENT_ERROR,
  CARDS_LOAD_ERROR,
  CHOOSE_PASSWORD_ERROR,
  PIX_PAYMENT_ERROR,
  SUBSCRIPTION_LOAD_ERROR,
  UNEXPECTED_ERROR,
} from "./messages.ts"

type Bag = Record<string, unknown>

function isBag(value: unknown): value is Bag {
  return typeof value === "object" && value !== null
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined
}

/** The response body an HTTP error carries, under the names common clients use. */
function bodyOf(err: Bag): Bag | undefined {
  for (const key of ["error", "body", "data"]) {
    const candidate = err[key]
    if (isBag(candidate)) return candidate
  }
  if (isBag(err.response) && isBag(err.response.data)) return err.response.data
  return undefined
}

/**
 * Spec §8: "server message, else code, else error text, else <fallback>". Works on the API
 * client's error ({ message, code }), on a wrapper holding the response body under
 * error/body/data, on a plain Error (its text) and on a bare string.
 */
export function errorMessage(err: unknown, fallback: string = UNEXPECTED_ERROR): string {
  if (typeof err === "string") return text(err) ?? fallback
  if (!isBag(err)) return fallback
  const body = bodyOf(err)
  return text(body?.message) ?? text(body?.code) ?? text(err.message) ?? text(err.code) ?? fallback
}

/**
 * Spec §8 for recovery and payment errors: "server message, else code, else 'Houve um erro
 * inesperado.'". Only an answer of the API counts (the client's error, with its status or
 * body); a failure of the page's own code never shows its English text.
 */
export function serverErrorMessage(err: unknown, fallback: string = UNEXPECTED_ERROR): string {
  if (!isBag(err)) return fallback
  const body = bodyOf(err)
  if (body === undefined && typeof err.status !== "number") return fallback
  return text(body?.message) ?? text(body?.code) ?? text(err.message) ?? text(err.code) ?? fallback
}

/** The server's error code, shown on login and register failures (spec §8). */
export function errorCode(err: unknown): string | undefined {
  if (!isBag(err)) return undefined
  return text(bodyOf(err)?.code) ?? text(err.code)
}
