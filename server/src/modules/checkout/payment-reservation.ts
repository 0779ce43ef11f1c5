import { randomUUID } from "node:crypto"
import { isUniqueViolation } from "../../db/errors.ts"
import { totalCents } from "../../../../src/domain/plans.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import type { Clock } from "../../clock.ts"
import { ConflictError } from "../../errors.ts"
import {
  alreadyHasAccessMessage,
  automaticPixActiveMessage,
  autoRenewingMessage,
  cardUnconfirmedMessage,
  paymentInCreationMessage,
  receiptInAnalysisMessage,
} from "../../shared/billing-messages.ts"
import type { CouponsService } from "../coupons/coupons.service.ts"
import type { BillingStore, PaymentRow } from "../payments/billing.repository.ts"
import type { PaymentLedger } from "../payments/payment-ledger.ts"
import {
  expiresAtFor,
  isInCreation,
  isReusable,
  isUnconfirmedCard,
  recentCardChargeMs,
  type StartInput,
} from "./purchase-rules.ts"

/**
 * Phase 1 of a purchase, one transaction under the subscription's lock: reuse the open payment
 * or create one (cancelling the ones it replaces).
 */
export function createPaymentReservation(deps: {
  store: BillingStore
  ledger: PaymentLedger
  clock: Clock
  coupons: Pick<CouponsService, "claim">
}) {
  const now = () => deps.clock.now()
  const inCreation = (p: PaymentRow) => isInCreation(p, now())
  const unconfirmedCard = (p: PaymentRow) => isUnconfirmedCard(p, now())
  const reusable = (p: PaymentRow, input: StartInput, provider: Provider) =>
    isReusable(p, input, provider, now)

  const newPayment = (input: StartInput, provider: Provider, createdAt: Date, at: Date) => ({
    status: "pending" as const,
    method: input.method,
    gateway: provider,
    amountCents: input.coupon?.amountCents ?? totalCents(input.plan),
    couponId: input.coupon?.id ?? null,
    planId: input.plan.id,
    planName: input.plan.name,
    planValueCents: input.plan.valueCents,
    idempotencyKey: randomUUID(),
    expiresAt: expiresAtFor(input.method, createdAt),
    createdAt,
    updatedAt: at,
  })
  const creationAudit = (input: StartInput, provider: Provider, amountCents: number, at: Date) => ({
    entity: "payment" as const,
    fromStatus: null,
    toStatus: "pending",
    actor: input.actor,
    reason: "pagamento criado",
    details: {
      method: input.method,
      gateway: provider,
      amountCents,
      ...(input.coupon ? { couponId: input.coupon.id } : {}),
    },
    createdAt: at,
  })

  return async function reserve(input: StartInput, provider: Provider) {
    // Nothing to lock or check for an account this request created: its rows in one statement.
    // A coupon is claimed under the transaction's lock, so it takes the path below.
    if (input.newAccount && !input.coupon) {
      const at = now()
      const payment = newPayment(input, provider, at, at)
      try {
        const created = await deps.store.insertFirstPurchase({
          accountId: input.buyer.id,
          profileId: input.profile.id,
          at,
          payment,
          audit: creationAudit(input, provider, payment.amountCents, at),
        })
        return { reused: false as const, ...created, replaced: [] }
      } catch (error) {
        // A retry that took this attempt over made her subscription meanwhile: decided below,
        // under its lock, as for any buyer who has one.
        if (!isUniqueViolation(error)) throw error
      }
    }
    return deps.store.transaction(async (txRepo, tx) => {
      const at = now()
      const { subscription, created } = await txRepo.claimSubscription(
        input.buyer.id,
        input.profile.id,
        at,
      )
      if (subscription.status === "whitelist" && hasAccess(subscription, at))
        throw new ConflictError(alreadyHasAccessMessage, "already_subscribed")
      // A second authorisation beside an approved one would have the bank debit twice.
      if (input.automaticPix && subscription.recurrenceStatus === "APROVADA")
        throw new ConflictError(automaticPixActiveMessage, "automatic_pix_active")
      // The card renews at the gateway: any other payment now would charge the period twice.
      // A failed Pix Automático debit (unpaid, in its grace days) is paid by a one-off Pix, and
      // a period a one-off Pix or boleto paid after a cancelled card renewal renews by nothing.
      const paidOneOff =
        (subscription.paymentMethod === "pix" && subscription.recurrenceStatus !== "APROVADA") ||
        subscription.paymentMethod === "boleto"
      if (
        subscription.gatewaySubscriptionId &&
        !subscription.canceledDate &&
        !paidOneOff &&
        subscription.status !== "unpaid" &&
        hasAccess(subscription, at)
      )
        throw new ConflictError(autoRenewingMessage, "already_subscribed")

      // A subscription this transaction created has no payments (a new buyer's first purchase).
      const open = created ? [] : await txRepo.openPayments(subscription.id)
      if (open.some((p) => p.status === "analyzing"))
        throw new ConflictError(receiptInAnalysisMessage, "receipt_in_analysis")
      const abandoned = (p: PaymentRow) => !!input.resumed && inCreation(p)
      // A card charge may have left before the process died: never charge again blindly.
      if (open.some((p) => abandoned(p) && p.method === "credit_card" && provider === "iugu"))
        throw new ConflictError(cardUnconfirmedMessage, "payment_unconfirmed")
      const same = open.find((p) => reusable(p, input, provider) && !abandoned(p))
      if (same) return { reused: true as const, subscription, payment: same, replaced: [] }
      // The same card purchase again moments after it was paid (before its renewal is scheduled,
      // or when scheduling failed): answer the paid one instead of charging a second time.
      if (input.method === "credit_card" && provider === "iugu") {
        const paid = created ? null : await txRepo.latestPaidPayment(subscription.id)
        if (
          paid?.method === "credit_card" &&
          paid.paidAt &&
          at.getTime() - paid.paidAt.getTime() < recentCardChargeMs
        ) {
          if (paid.planId !== input.plan.id)
            throw new ConflictError(alreadyHasAccessMessage, "already_subscribed")
          return { reused: true as const, subscription, payment: paid, replaced: [] }
        }
      }
      if (open.some(unconfirmedCard))
        throw new ConflictError(cardUnconfirmedMessage, "payment_unconfirmed")
      // Another method being created right now (two tabs): its code may already be on screen.
      if (open.some((p) => inCreation(p) && !abandoned(p)))
        throw new ConflictError(paymentInCreationMessage, "payment_in_progress")

      for (const old of open) {
        await deps.ledger.applyLocked(txRepo, subscription, old, "canceled", {
          actor: input.actor,
          reason: "substituído por um novo pagamento",
        })
      }
      if (input.coupon) {
        const firstPeriod = created || !(await txRepo.latestPaidPayment(subscription.id))
        await deps.coupons.claim(tx, input.coupon.id, firstPeriod)
      }
      const createdAt = created ? at : await txRepo.nextPaymentTime(subscription.id, at)
      const payment = await txRepo.insertPayment({
        ...newPayment(input, provider, createdAt, at),
        subscriptionId: subscription.id,
      })
      await txRepo.audit({
        ...creationAudit(input, provider, payment.amountCents, at),
        subscriptionId: subscription.id,
        paymentId: payment.id,
      })
      if (subscription.status !== "pending" && !hasAccess(subscription, at)) {
        await txRepo.updateSubscription(subscription.id, { status: "pending", updatedAt: at })
        await txRepo.audit({
          subscriptionId: subscription.id,
          paymentId: payment.id,
          entity: "subscription",
          fromStatus: subscription.status,
          toStatus: "pending",
          actor: input.actor,
          reason: "nova tentativa de pagamento",
          createdAt: at,
        })
      }
      return { reused: false as const, subscription, payment, replaced: open }
    })
  }
}

export type ReservePayment = ReturnType<typeof createPaymentReservation>
export type Reservation = Awaited<ReturnType<ReservePayment>>
