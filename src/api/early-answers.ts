/**
 * Answers index.html's early-start script (src/app/early-start) asks for while the app's code
 * downloads, keyed by URL, handed to the fetch wrapper through one global: the script runs
 * before any module, so nothing else is shared yet.
 */
export type EarlyAnswers = Record<string, Promise<Response> | undefined>

type EarlyWindow = { __closerEarly?: EarlyAnswers }

/** Where the early-start script keeps its answers; only an anonymous visitor's are kept. */
export function keepEarlyAnswers(): EarlyAnswers {
  return ((window as EarlyWindow).__closerEarly = {})
}

/** Takes the early answer for `url`, once; a failed one reads as none, so it is asked again. */
export async function takeEarlyAnswer(url: string): Promise<Response | undefined> {
  const early = (window as EarlyWindow).__closerEarly
  const answer = early?.[url]
  if (!answer) return undefined
  delete early[url]
  return answer.catch(() => undefined)
}
