import { PAYMENT_EXPIRY_MS, PIX_CODE_TTL_MS } from "./constants.ts"
import { toDate, type Instant } from "./dates.ts"

export { PIX_CODE_TTL_MS } from "./constants.ts"
// The status names live with the other model names (zod-free, like this file); named here too,
// beside the rules that read them.
export { paymentStatuses, subscriptionStatuses } from "./model-names.ts"
export type { PaymentStatus, SubscriptionStatus } from "./models.ts"

/**
 * Subscription and payment rules (spec §2, §4). They take structural subsets of the API's
 * `Subscription` and `Payment`, so the server's rows (with Date or string instants) fit too.
 */

export interface PaymentLike {
  status: string
  paymentMethod?: string
  createdAt: Instant
  /** When the Pix code stops being payable; when absent, creation + 30 minutes. */
  expiresAt?: Instant | null
}

export interface SubscriptionLike {
  status: string
  currentPeriodEnd: Instant | null
  canceledDate?: Instant | null
  refundedDate?: Instant | null
  failedDate?: Instant | null
  paymentMethod?: string | null
  payment?: PaymentLike | null
}

type MaybeSubscription = SubscriptionLike | null | undefined

const STATUS_LABELS: Readonly<Record<string, string>> = {
  analyzing: "Em análise",
  pending: "aguardando pagamento",
  canceled: "cancelado",
  paid: "pago",
  unpaid: "pendente",
  trialing: "em trial",
  whitelist: "lista vip",
}

/** pt-BR label of a subscription or payment status; others raw, none "Nenhum". */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return "Nenhum"
  return STATUS_LABELS[status] ?? status
}

export const subscriptionStatusLabel = statusLabel

function time(value: Instant | null | undefined): number {
  return value == null ? Number.NaN : toDate(value).getTime()
}

/** Later than any real date: whitelisted access without an end. */
const UNBOUNDED_ACCESS_MS = 8.64e15

/**
 * The access rule, in one place. A subscription gives access to the creator's content until
 * the returned instant; null means it gives none.
 *
 * - paid, trialing: until `currentPeriodEnd`.
 * - whitelist: until `currentPeriodEnd`, or without end when it has none.
 * - cancelled but already paid: a subscription with a `canceledDate` keeps access until its
 *   `currentPeriodEnd`, whether its status is still paid/trialing or already "canceled"; the
 *   buyer loses access only when the period they paid for ends. A "canceled" status without a
 *   `canceledDate` (a rejected payment) gives none.
 * - refunded (`refundedDate`): none, the money went back.
 * - unpaid after a failed Pix Automático debit (`failedDate`): until `currentPeriodEnd`, which
 *   the failure set to the end of the grace period (3 days), while a one-off Pix can still pay.
 * - pending, other unpaid and anything else: none.
 */
export function accessUntil(subscription: MaybeSubscription): Date | null {
  if (!subscription || subscription.refundedDate) return null
  const end = time(subscription.currentPeriodEnd)
  const periodEnd = Number.isNaN(end) ? null : new Date(end)
  switch (subscription.status) {
    case "paid":
    case "trialing":
      return periodEnd
    case "whitelist":
      return periodEnd ?? new Date(UNBOUNDED_ACCESS_MS)
    case "canceled":
      return subscription.canceledDate ? periodEnd : null
    case "unpaid":
      return subscription.failedDate ? periodEnd : null
    default:
      return null
  }
}

/** Whether the subscription is active now: it gives access (see `accessUntil`). */
export function hasAccess(subscription: MaybeSubscription, now: Instant = new Date()): boolean {
  const until = accessUntil(subscription)
  return until !== null && until.getTime() > toDate(now).getTime()
}

/** "cancelada" once cancelled, "ativa" while active, "inativa" otherwise. */
export function subscriptionLabel(
  subscription: MaybeSubscription,
  now: Instant = new Date(),
): "cancelada" | "ativa" | "inativa" {
  if (subscription?.canceledDate) return "cancelada"
  return hasAccess(subscription, now) ? "ativa" : "inativa"
}

/** A payment created one day or more ago is expired; one without a readable date too. */
export function isPaymentExpired(
  createdAt: Instant | null | undefined,
  now: Instant = new Date(),
): boolean {
  const created = time(createdAt)
  if (Number.isNaN(created)) return true
  return toDate(now).getTime() - created >= PAYMENT_EXPIRY_MS
}

/** When a payment's Pix code stops being payable: `expiresAt`, else creation + 30 minutes. */
export function pixCodeExpiresAt(payment: Pick<PaymentLike, "createdAt" | "expiresAt">): Date {
  const explicit = time(payment.expiresAt)
  return new Date(Number.isNaN(explicit) ? time(payment.createdAt) + PIX_CODE_TTL_MS : explicit)
}

export function isPixCodeExpired(
  payment: Pick<PaymentLike, "createdAt" | "expiresAt">,
  now: Instant = new Date(),
): boolean {
  const expiresAt = pixCodeExpiresAt(payment).getTime()
  return Number.isNaN(expiresAt) || toDate(now).getTime() >= expiresAt
}

/** Waiting on a payment: the subscription is pending, or its payment is pending or in analysis. */
export function isAwaitingPayment(subscription: SubscriptionLike): boolean {
  const payment = subscription.payment?.status
  return subscription.status === "pending" || payment === "pending" || payment === "analyzing"
}

export type NextStep = "profile" | "payment-status" | "payment"

/**
 * Where a buyer goes after login or registration (spec §4): active -> profile; a payment in
 * analysis, or a pending one not yet expired -> payment status; otherwise -> payment.
 */
export function nextStepAfterLogin(
  subscription: MaybeSubscription,
  now: Instant = new Date(),
): NextStep {
  if (!subscription) return "payment"
  if (hasAccess(subscription, now)) return "profile"
  const payment = subscription.payment
  if (payment?.status === "analyzing") return "payment-status"
  const pending = subscription.status === "pending" || payment?.status === "pending"
  if (pending && payment && !isPaymentExpired(payment.createdAt, now)) return "payment-status"
  return "payment"
}

export type SubscribeTarget = "auth" | "payment" | "payment-status"

/** "Assinar Close Friends" (spec §2): logged out -> auth; waiting on a payment -> its status. */
export function subscribeTarget(
  loggedIn: boolean,
  subscription: MaybeSubscription,
): SubscribeTarget {
  if (!loggedIn) return "auth"
  if (subscription && isAwaitingPayment(subscription)) return "payment-status"
  return "payment"
}

/**
 * The settings status row (spec §2): whitelist, trialing or paid do nothing (null); waiting on
 * a payment goes to its status; anything else, no subscription included, goes to payment.
 */
export function settingsStatusTarget(
  subscription: MaybeSubscription,
): "payment-status" | "payment" | null {
  if (!subscription) return "payment"
  if (["whitelist", "trialing", "paid"].includes(subscription.status)) return null
  return isAwaitingPayment(subscription) ? "payment-status" : "payment"
}

/** "Cancelar assinatura" shows only for an active subscription not cancelled yet. */
export function canCancel(subscription: MaybeSubscription, now: Instant = new Date()): boolean {
  return !!subscription && !subscription.canceledDate && hasAccess(subscription, now)
}

/**
 * A card payment the bank refused or that fell overdue: "Atualizar cartão" pays it with a new
 * card instead of only changing the card of the next renewals.
 */
export function isCardPaymentDue(subscription: MaybeSubscription): boolean {
  const payment = subscription?.payment
  return (
    payment?.paymentMethod === "credit_card" &&
    (payment.status === "failed" || payment.status === "overdue")
  )
}

/**
 * "Atualizar cartão" in "Minha conta": a card subscription that will renew (active, not
 * cancelled), or whose card payment is due. Whether the gateway keeps cards is the caller's.
 */
export function canUpdateCard(subscription: MaybeSubscription, now: Instant = new Date()): boolean {
  if (isCardPaymentDue(subscription)) return true
  const byCard =
    subscription?.paymentMethod === "credit_card" ||
    subscription?.payment?.paymentMethod === "credit_card"
  return byCard && canCancel(subscription, now)
}
