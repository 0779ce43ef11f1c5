import { errorMessage } from "../../domain/errors.ts"

/** An SWR answer as a screen's loading / error / ready view. */
export function viewOf<T, R extends object>(
  swr: { data: T | undefined; error: unknown },
  ready: (data: T) => R,
): { status: "loading" } | { status: "error"; message: string } | ({ status: "ready" } & R) {
  if (swr.data !== undefined) return { status: "ready", ...ready(swr.data) }
  if (swr.error) return { status: "error", message: errorMessage(swr.error) }
  return { status: "loading" }
}
