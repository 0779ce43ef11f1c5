import { TooManyRequestsError } from "../../errors.ts"
import { tooManyRequestsMessage, type RateLimitCounter } from "../../plugins/rate-limit.ts"

const minute = 60_000
const day = 24 * 60 * minute

/** Wrong passwords one address may try on one account before it has to wait. */
export const freeFailuresPerAddress = 5
/** Wrong passwords on one account from every address, in 15 minutes, before a bot check is asked. */
export const failuresBeforeBotCheck = 10
const accountWindowMs = 15 * minute
const firstWaitMs = 30_000
const longestWaitMs = 15 * minute

/** How long an address waits after its n-th wrong password on an account: 30 s, doubling, 15 min at most. */
export function waitAfterFailures(failures: number): number {
  if (failures < freeFailuresPerAddress) return 0
  return Math.min(longestWaitMs, firstWaitMs * 2 ** (failures - freeFailuresPerAddress))
}

/**
 * Failed logins slow down the address that makes them, on that account only; successes count for
 * nothing. Nobody can lock the owner out: from another address she is never kept waiting, and
 * an account guessed at from many addresses only asks every login for a bot check, which her
 * browser passes. `subject` is the account when there is one, else the login typed, so an
 * unknown login is answered the same way.
 */
export function createLoginThrottle(limits: RateLimitCounter, subject: string, ip: string) {
  const failures = `login:address-failures:${subject}:${ip}`
  const waiting = `login:address-wait:${subject}:${ip}`
  const everywhere = `login:account-failures:${subject}`
  return {
    /** 429 with Retry-After while this address still has to wait. */
    async awaitTurn() {
      const wait = await limits.peek(waiting)
      if (wait)
        throw new TooManyRequestsError(
          tooManyRequestsMessage,
          "too_many_requests",
          Math.ceil(wait.ttl / 1000),
        )
    },
    async needsBotCheck() {
      return ((await limits.peek(everywhere))?.current ?? 0) >= failuresBeforeBotCheck
    },
    async failed() {
      const { current } = await limits.hit(failures, day)
      await limits.hit(everywhere, accountWindowMs)
      const waitMs = waitAfterFailures(current)
      if (waitMs > 0) {
        await limits.reset(waiting)
        await limits.hit(waiting, waitMs)
      }
    },
    async succeeded() {
      await limits.reset(failures)
      await limits.reset(waiting)
    },
  }
}
