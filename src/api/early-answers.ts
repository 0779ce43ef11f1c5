/**
 * Answers index.html's early-start script (src/app/early-start) asks for while the app's code
 * downloads, keyed by URL, handed to the fetch wrapper through one global: the script runs
 * before any module, so nothing else is shared yet.
 */
export type EarlyAnswers = Record<string, Promise<Response> | undefined>

type EarlyWindow = { __closerEarly?: EarlyAnswers }

/**
 * An answer's key: its URL, and the token it was asked with, since a signed-in person's
 * answers are hers alone: one asked with another token (or none) is not hers.
 */
export const earlyAnswerKey = (url: string, token: string | null) =>
  token ? `${url} ${token}` : url

/** Where the early-start script keeps its answers. */
export function keepEarlyAnswers(): EarlyAnswers {
  return ((window as EarlyWindow).__closerEarly = {})
}

/**
 * Takes the early answer for `url` asked with `token`, once; a failed one reads as none, so it
 * is asked again.
 */
export async function takeEarlyAnswer(
  url: string,
  token: string | null,
): Promise<Response | undefined> {
  const early = (window as EarlyWindow).__closerEarly
  const key = earlyAnswerKey(url, token)
  const answer = early?.[key]
  if (!answer) return undefined
  delete early[key]
  return answer.catch(() => undefined)
}
