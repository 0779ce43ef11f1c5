import { MAX_PAGE_SIZE } from "../../domain/cursor.ts"

/**
 * The reads a signed-in follower's own pages of a creator open with beyond the creator's, as
 * src/api writes them: the subscription their guards and screens wait for, the stories the
 * player opens on, the account and notification switches of "Minha conta". Other pages of the
 * area (the profile, whose photos come with code of their own, the payment) ask for theirs
 * once the app runs (tests/e2e/subscriber-first-load.e2e.ts checks that each is asked once).
 */
const pageReads: Record<string, (username: string) => string[]> = {
  "checkout/qrcodeurl": (username) => [`/v1/${username}/subscription`],
  "payment/status": (username) => [`/v1/${username}/subscription`],
  stories: (username) => [
    `/v1/${username}/subscription`,
    `/v1/u/${username}/stories?limit=${MAX_PAGE_SIZE}`,
  ],
  setting: (username) => [
    `/v1/${username}/subscription`,
    "/v1/auth/session",
    "/v1/account/notifications",
  ],
}

/**
 * What a signed-in follower's page `page` (the path after the username) of `username`'s area
 * reads with her token beyond the creator's profile; null for a page whose
 * reads are left to the app.
 */
export function followerReads(username: string, page: string): string[] | null {
  return Object.hasOwn(pageReads, page) ? pageReads[page]!(username) : null
}
