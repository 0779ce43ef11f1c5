import type { UploadControl } from "../domain/uploads.ts"
import {
  answerError,
  answerJson,
  apiHeaders,
  apiUrl,
  credentials,
  networkError,
  refusedExpiredToken,
  renewToken,
  sentTokenOf,
  type Parser,
} from "./client.ts"

/** The reason an aborted upload rejects with, as an aborted fetch does. */
const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException("O envio foi cancelado.", "AbortError")

/**
 * POSTs a form with a file to our API and reports how much of it has gone. fetch cannot tell
 * upload progress, so this one call uses XMLHttpRequest; everything else is apiRequest's: the
 * same headers, cookies and errors (ApiError with the server's message, or the network message).
 * Aborting the signal stops the upload and rejects with the signal's reason.
 */
export function apiUpload<T>(
  path: string,
  schema: Parser<T>,
  form: FormData,
  control: UploadControl = {},
): Promise<T> {
  return sendUpload(path, schema, form, control, true)
}

/** An access token that lapsed is renewed once and the upload sent again, as apiRequest does. */
class ExpiredToken {
  constructor(
    readonly sentToken: string,
    readonly status: number,
    readonly statusText: string,
    readonly json: unknown,
  ) {}
}

async function sendUpload<T>(
  path: string,
  schema: Parser<T>,
  form: FormData,
  control: UploadControl,
  mayRenew: boolean,
): Promise<T> {
  const { signal, onProgress } = control
  const url = apiUrl(path)
  const headers = await apiHeaders(url, "POST")
  signal?.throwIfAborted()

  const xhr = new XMLHttpRequest()
  const answer = new Promise<T>((resolve, reject) => {
    const onAbort = () => xhr.abort()
    const settle = () => signal?.removeEventListener("abort", onAbort)
    signal?.addEventListener("abort", onAbort, { once: true })
    xhr.addEventListener("load", () => {
      settle()
      const json = answerJson(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(schema.parse(json))
        } catch (error) {
          reject(error)
        }
      } else {
        const sentToken = sentTokenOf(headers)
        if (mayRenew && refusedExpiredToken(json, sentToken))
          reject(new ExpiredToken(sentToken, xhr.status, xhr.statusText, json))
        else reject(answerError(xhr.status, xhr.statusText, json, sentToken))
      }
    })
    xhr.addEventListener("error", () => {
      settle()
      reject(networkError())
    })
    xhr.addEventListener("abort", () => {
      settle()
      reject(signal ? abortReason(signal) : new DOMException("Aborted", "AbortError"))
    })
  })
  // Listening on `upload` is what makes the browser report the body's progress.
  if (onProgress) {
    xhr.upload.addEventListener("progress", (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 })
    })
  }
  xhr.open("POST", url)
  xhr.withCredentials = credentials() === "include"
  headers.forEach((value, name) => xhr.setRequestHeader(name, value))
  // No Content-Type: the browser writes multipart/form-data with its boundary.
  xhr.send(form)
  try {
    return await answer
  } catch (error) {
    if (!(error instanceof ExpiredToken)) throw error
    if (await renewToken(error.sentToken)) return sendUpload(path, schema, form, control, false)
    throw answerError(error.status, error.statusText, error.json, error.sentToken)
  }
}
