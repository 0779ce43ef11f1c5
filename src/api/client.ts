import type { ApiErrorBody } from "../domain/models.ts"
import { takeEarlyAnswer } from "./early-answers.ts"

/**
 * The one fetch wrapper of the app. It sends the bearer token only to our own API origin, echoes
 * the anti-forgery cookie on non-GET requests, renews an expired access token once with the
 * refresh cookie, throws `ApiError` on non-2xx answers and parses successful bodies with the
 * caller's parser. It never shows alerts or navigates.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | undefined
  /** The whole error body, for answers that carry more than message and code. */
  readonly body: unknown

  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message)
    this.name = "ApiError"
    this.status = status
    this.code = code
    this.body = body
  }
}

export const NETWORK_ERROR =
  "Não foi possível conectar. Verifique a sua internet e tente novamente."

type TokenSource = () => string | null

let readToken: TokenSource = () => null

let tokenRenewed: (token: string) => void = () => undefined

let sessionExpired: () => void = () => undefined

/**
 * Called when the API refuses the token we sent and the refresh cookie cannot renew it (the
 * session ended: logout elsewhere, a new password, 30 days away): the app forgets it.
 */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpired = handler
}

/** The session store registers where the access token lives, and where a renewed one goes. */
export function setTokenSource(source: TokenSource, renewed?: (token: string) => void): void {
  readToken = source
  if (renewed) tokenRenewed = renewed
}

export function apiOrigin(): string {
  const configured = import.meta.env.VITE_API_URL as string | undefined
  return (configured ?? window.location.origin).replace(/\/$/, "")
}

export function apiUrl(path: string): string {
  return `${apiOrigin()}/v1${path.startsWith("/") ? path : `/${path}`}`
}

function readCookie(name: string): string | null {
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`))
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null
}

/**
 * Any answer of the API, and any page the server draws, sets the anti-forgery cookie when the
 * browser lacks it; when a page the browser drew alone (a sign-in page) writes first, a cheap
 * GET obtains it.
 */
let xsrfCookieFetch: Promise<string | null> | null = null
function fetchXsrfCookie(): Promise<string | null> {
  // Writes started together (a page's visit events) share one GET.
  xsrfCookieFetch ??= fetch(apiUrl("/health"), { credentials: credentials() })
    .catch(() => undefined)
    .then(() => {
      xsrfCookieFetch = null
      return readCookie("XSRF-TOKEN")
    })
  return xsrfCookieFetch
}

function isOwnApi(url: string): boolean {
  return new URL(url, window.location.href).origin === new URL(apiOrigin()).origin
}

/**
 * The same origin sends its cookies anyway; an API on another origin (VITE_API_URL) gets them,
 * and may set them, only when asked, and only if it allows this app's origin (CORS_ORIGINS).
 */
export function credentials(): RequestCredentials {
  return new URL(apiOrigin()).origin === window.location.origin ? "same-origin" : "include"
}

/**
 * Turns a successful answer's JSON into T: a zod schema of src/domain, or one of the light
 * checks of wire.ts for the reads the first pages make.
 */
export type Parser<T> = { parse(data: unknown): T }

/** The `{ message, code }` every API error carries (ApiErrorBodySchema), checked without zod. */
function isErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== "object" || data === null) return false
  const { message, code } = data as Record<string, unknown>
  return typeof message === "string" && typeof code === "string"
}

/**
 * Access tokens last minutes; the HttpOnly refresh cookie (sent only to /v1/auth) buys a new
 * one. Requests refused together share one renewal; a request whose token another one already
 * renewed simply retries with the new token. Resolves null when the session has ended.
 */
let renewal: Promise<string | null> | null = null
export function renewToken(sent: string): Promise<string | null> {
  const current = readToken()
  // Forgotten meanwhile (the session ended or the person left): nothing to renew.
  if (current === null) return Promise.resolve(null)
  if (current !== sent) return Promise.resolve(current)
  renewal ??= requestRenewal().finally(() => {
    renewal = null
  })
  return renewal
}

async function requestRenewal(): Promise<string | null> {
  const headers = new Headers({ Accept: "application/json" })
  const xsrf = readCookie("XSRF-TOKEN") ?? (await fetchXsrfCookie())
  if (xsrf) headers.set("X-XSRF-TOKEN", xsrf)
  let response: Response
  try {
    response = await fetch(apiUrl("/auth/refresh"), {
      method: "POST",
      headers,
      credentials: credentials(),
    })
  } catch {
    // Offline is no logout: the session is still there when the connection comes back.
    throw new ApiError(0, NETWORK_ERROR, "network_error")
  }
  if (!response.ok) return null
  const body = answerJson(await response.text()) as { accessToken?: unknown } | undefined
  if (typeof body?.accessToken !== "string") return null
  tokenRenewed(body.accessToken)
  return body.accessToken
}

export type RequestOptions = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"
  body?: unknown
  signal?: AbortSignal
  /** Lets the server answer a repeated payment call once (one key per submission). */
  idempotencyKey?: string
}

/**
 * What every call to our API carries: JSON answers, the bearer token only to our own API origin,
 * and on a write the anti-forgery cookie's value echoed in its header.
 */
export async function apiHeaders(url: string, method: string): Promise<Headers> {
  const headers = new Headers({ Accept: "application/json" })
  const token = readToken()
  if (token && isOwnApi(url)) headers.set("Authorization", `Bearer ${token}`)
  if (method !== "GET") {
    const xsrf = readCookie("XSRF-TOKEN") ?? (await fetchXsrfCookie())
    if (xsrf) headers.set("X-XSRF-TOKEN", xsrf)
  }
  return headers
}

/** The error for the network failing before any answer (the browser's own text is English). */
export const networkError = () => new ApiError(0, NETWORK_ERROR, "network_error")

/** An answer's body as JSON; undefined when it is empty or not JSON. */
export function answerJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The token a request sent, read back from its headers. */
export const sentTokenOf = (headers: Headers): string | null =>
  headers.get("Authorization")?.replace(/^Bearer /, "") ?? null

/** Whether an answer refused an expired access token that a renewal may replace. */
export const refusedExpiredToken = (json: unknown, sentToken: string | null): sentToken is string =>
  sentToken !== null && isErrorBody(json) && json.code === "session_expired"

/**
 * The ApiError of a non-2xx answer, with the server's pt-BR message; an answer refusing the
 * token that was sent makes the app forget it, once: a later answer refusing a token already
 * forgotten or replaced ends nothing again (it would empty what the visitor's page has loaded
 * since).
 */
export function answerError(
  status: number,
  statusText: string,
  json: unknown,
  sentToken: string | null,
): ApiError {
  if (isErrorBody(json)) {
    if (json.code === "session_expired" && sentToken !== null && sentToken === readToken())
      sessionExpired()
    return new ApiError(status, json.message, json.code, json)
  }
  return new ApiError(status, statusText || "Houve um erro inesperado.", undefined, json)
}

export function apiRequest<T>(
  path: string,
  schema: Parser<T>,
  options: RequestOptions = {},
): Promise<T> {
  return send(path, schema, options, true)
}

async function send<T>(
  path: string,
  schema: Parser<T>,
  options: RequestOptions,
  mayRenew: boolean,
): Promise<T> {
  const { method = "GET", body, signal, idempotencyKey } = options
  const url = apiUrl(path)
  const headers = await apiHeaders(url, method)
  if (idempotencyKey) headers.set("Idempotency-Key", idempotencyKey)
  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body
  } else if (body !== undefined) {
    headers.set("Content-Type", "application/json")
    payload = JSON.stringify(body)
  }

  let response: Response
  try {
    const early = method === "GET" ? await takeEarlyAnswer(url, sentTokenOf(headers)) : undefined
    response =
      early ??
      (await fetch(url, {
        method,
        headers,
        body: payload,
        signal,
        credentials: credentials(),
      }))
  } catch (error) {
    if (signal?.aborted) throw error
    throw networkError()
  }
  const json = answerJson(await response.text())
  if (!response.ok) {
    const sentToken = sentTokenOf(headers)
    if (mayRenew && refusedExpiredToken(json, sentToken) && (await renewToken(sentToken)))
      return send(path, schema, options, false)
    throw answerError(response.status, response.statusText, json, sentToken)
  }
  return schema.parse(json)
}
