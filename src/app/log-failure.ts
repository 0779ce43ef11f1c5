import { errorCode } from "../domain/errors.ts"

/**
 * Spec §8: login and register failures are logged with the server's error code as well as shown.
 * The console is where a support person asks a follower to look; no personal data goes in.
 * Returns a rejection handler that logs, then rethrows for the screen to show.
 */
export function logFailure(action: "login" | "register") {
  return (error: unknown): never => {
    console.warn(`[closer] ${action} falhou: ${errorCode(error) ?? "sem_codigo"}`)
    throw error
  }
}
