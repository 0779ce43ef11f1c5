import { primeSubscription } from "../../api/subscriptions.ts"
import type { Profile, Subscription } from "../../domain/models.ts"
import { nextStepAfterLogin, subscribeTarget } from "../../domain/statuses.ts"
import type { CreatorPaths } from "./paths.ts"

/**
 * "Assinar Close Friends" (spec §2). A visitor of a creator on the card/Pix provider goes
 * straight to the checkout, which identifies new and returning buyers itself.
 */
export function subscribePath(
  paths: CreatorPaths,
  profile: Pick<Profile, "paymentGateway">,
  loggedIn: boolean,
  subscription: Subscription | null | undefined,
): string {
  const target = subscribeTarget(loggedIn, subscription)
  if (target === "auth") return profile.paymentGateway === "iugu" ? paths.checkout : paths.auth
  return target === "payment-status" ? paths.paymentStatus : paths.payment
}

/**
 * Where a person goes right after login or registration (spec §4), from a fresh subscription.
 * Rejects when the subscription cannot be loaded.
 */
export async function pathAfterLogin(
  paths: CreatorPaths,
  username: string,
  viewer: string | null,
): Promise<string> {
  const step = nextStepAfterLogin(await primeSubscription(username, viewer))
  if (step === "profile") return paths.profile
  return step === "payment-status" ? paths.paymentStatus : paths.payment
}

/**
 * The same rule for a login inside the checkout's own form: the checkout is this creator's
 * payment page, so whoever should pay stays there (null).
 */
export async function pathAfterCheckoutLogin(
  paths: CreatorPaths,
  username: string,
  viewer: string | null,
): Promise<string | null> {
  const target = await pathAfterLogin(paths, username, viewer)
  return target === paths.payment ? null : target
}
