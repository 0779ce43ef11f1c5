import { currentRequestId } from "../../request-context.ts"
import { GatewayUnavailableError } from "./gateway.ts"

export interface HttpResponse<T = unknown> {
  status: number
  body: T
}

export interface JsonClientOptions {
  baseUrl: string
  headers: () => Record<string, string>
  timeoutMs: number
  /** Used in error messages and logs. */
  name: string
  fetch?: typeof fetch
}

/** A request that got a 4xx: the gateway read it and said no. */
export class GatewayHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    name: string,
  ) {
    super(`${name} respondeu ${status}`)
    this.name = "GatewayHttpError"
  }
}

/**
 * JSON over HTTP with a deadline. Network failures, timeouts and 5xx become
 * GatewayUnavailableError (the outcome is unknown); 4xx become GatewayHttpError.
 */
export function createJsonClient(options: JsonClientOptions) {
  const doFetch = options.fetch ?? fetch
  const base = options.baseUrl.replace(/\/+$/, "")
  return async function request<T>(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; allow404?: boolean } = {},
  ): Promise<HttpResponse<T>> {
    let response: Response
    const requestId = currentRequestId()
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          accept: "application/json",
          // Support at the gateway can find the call from our log line, and we theirs.
          ...(requestId ? { "x-request-id": requestId } : {}),
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          ...options.headers(),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      throw new GatewayUnavailableError(`${options.name} não respondeu`, { cause: error })
    }
    const text = await response.text().catch(() => "")
    let body: unknown = null
    if (text) {
      try {
        body = JSON.parse(text)
      } catch {
        body = text
      }
    }
    // 5xx: the outcome is unknown. 401/403: our credentials were refused, not the buyer's data.
    if (response.status >= 500 || response.status === 401 || response.status === 403) {
      throw new GatewayUnavailableError(`${options.name} respondeu ${response.status}`)
    }
    if (response.status >= 400 && !(init.allow404 && response.status === 404)) {
      throw new GatewayHttpError(response.status, body, options.name)
    }
    return { status: response.status, body: body as T }
  }
}

export type JsonClient = ReturnType<typeof createJsonClient>
