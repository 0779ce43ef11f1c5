/**
 * Answers index.html's early-start script (src/app/early-start) asks for while the app's code
 * downloads, keyed by URL, handed to the fetch wrapper through one global: the script runs
 * before any module, so nothing else is shared yet.
 */
export type EarlyAnswer = {
  /** The access token the request carried; null for a visitor's. */
  token: string | null
  response: Promise<Response>
}
export type EarlyAnswers = Record<string, EarlyAnswer | undefined>

type EarlyWindow = { __closerEarly?: EarlyAnswers }

/** Where the early-start script keeps its answers. */
export function keepEarlyAnswers(): EarlyAnswers {
  return ((window as EarlyWindow).__closerEarly = {})
}

/**
 * Takes the early answer for `url`, once, when it was asked with the token the app would send
 * (a signed-in reader's answers depend on who asks); a failed one reads as none, so it is asked
 * again.
 */
export async function takeEarlyAnswer(
  url: string,
  token: string | null,
): Promise<Response | undefined> {
  const early = (window as EarlyWindow).__closerEarly
  const answer = early?.[url]
  if (!answer || answer.token !== token) return undefined
  delete early[url]
  return answer.response.catch(() => undefined)
}
