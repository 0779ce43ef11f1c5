import type { RateLimitCounter } from "../../plugins/rate-limit.ts"

/** New accounts one address may ask for in an hour, by short sign-up and guest checkout together. */
export const signupsPerAddressPerHour = 20

/**
 * Counts one attempt to create an account. Creating one is the only answer that tells an e-mail
 * is taken (409 `email_taken`), so it is counted after the bot check and before the e-mail is
 * looked up: a taken e-mail and a new one spend the same, and an address learns little per hour.
 */
export function countSignupAttempt(limits: RateLimitCounter, ip: string) {
  return limits.consume(`signup:${ip}`, signupsPerAddressPerHour, 60 * 60_000)
}
