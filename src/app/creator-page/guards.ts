import type { Profile, Subscription } from "../../domain/models.ts"
import { hasAccess, isPaymentExpired } from "../../domain/statuses.ts"

/** What a guard may look at before a creator page opens. */
export type GuardContext = {
  profile: Profile
  loggedIn: boolean
  /**
   * The e-mail typed on the first auth step; undefined where it cannot be known: the server
   * drawing a page, since only the browser remembers it (the page checks once it runs).
   */
  email: string | null | undefined
  /** The viewer's subscription, fetched at most once per navigation; rejects when it fails. */
  subscription: () => Promise<Subscription | null>
  now: Date
}

/** A page of the creator area to go to instead ("checkout", "payment/off"), or null to enter. */
export type Guard = (context: GuardContext) => Promise<string | null>

/** Spec §2 guards. */
export const requireLogin: Guard = async ({ loggedIn }) => (loggedIn ? null : "checkout")

/** The checkout is the card/Pix provider's (iugu) page. */
export const requireCheckoutGateway: Guard = async ({ profile }) =>
  profile.paymentGateway === "iugu" ? null : "auth"

export const requireActiveSubscription: Guard = async ({ subscription, now }) => {
  const current = await subscription().catch(() => null)
  return hasAccess(current, now) ? null : "checkout"
}

export const requireSalesOpen: Guard = async ({ profile }) =>
  profile.migrating ? "payment/off" : null

/** While sales are paused only earlier subscribers still see the profile. */
export const requireSalesOpenOrAccess: Guard = async ({ profile, subscription, now }) => {
  if (!profile.migrating) return null
  const current = await subscription().catch(() => null)
  return hasAccess(current, now) ? null : "payment/off"
}

/**
 * While sales are paused the payment status stays open only to follow a payment made before
 * (a Pix waiting, a receipt in analysis); nothing new can be bought there.
 */
export const requireSalesOpenOrPayment: Guard = async ({ profile, subscription }) => {
  if (!profile.migrating) return null
  const current = await subscription().catch(() => null)
  return current?.payment ? null : "payment/off"
}

/**
 * A payment left unpaid for a day sends the buyer to pay again; a Pix receipt under the
 * creator's review is not unpaid, however long the review takes.
 */
export const requireFreshPayment: Guard = async ({ subscription, now }) => {
  try {
    const payment = (await subscription())?.payment
    if (payment?.status === "analyzing") return null
    return payment && isPaymentExpired(payment.createdAt, now) ? "payment" : null
  } catch {
    return "payment"
  }
}

export const requireEmail: Guard = async ({ email }) =>
  email === undefined || email ? null : "auth"

/** The Pix page needs a Pix code to show. */
export const requirePixCode: Guard = async ({ subscription }) => {
  const current = await subscription().catch(() => null)
  return current?.payment?.pixCode ? null : "checkout"
}

/** The first guard that sends the person elsewhere wins. */
export async function firstRedirect(
  guards: readonly Guard[],
  context: GuardContext,
): Promise<string | null> {
  for (const guard of guards) {
    const target = await guard(context)
    if (target) return target
  }
  return null
}
