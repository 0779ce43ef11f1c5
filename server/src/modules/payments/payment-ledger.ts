import { addMonths } from "../../../../src/domain/dates.ts"
import type { PaymentStatus } from "../../../../src/domain/models.ts"
import { planMonths } from "../../../../src/domain/plans.ts"
import { graceUntil } from "../../../../src/domain/pix-automatic.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import type { Clock } from "../../clock.ts"
import type { Database, Executor } from "../../db/client.ts"
import { canMove } from "../../shared/payment-moves.ts"
import {
  createBillingRepository,
  type AuditEntry,
  type BillingRepository,
  type PaymentRow,
  type SubscriptionRow,
} from "./billing.repository.ts"
import { withChanges, type PaymentMove, type PaymentPeople } from "./payment-move.repository.ts"
import type { SeenPayment } from "./payment-seen.repository.ts"
import {
  cancelOpenPaymentsAndSubscription,
  type Cancellation,
} from "./subscription-cancellation.repository.ts"

export interface TransitionContext {
  /** "account:<id>", "webhook:iugu", "job:expire-payments", "sandbox". */
  actor: string
  reason?: string | null
  details?: Record<string, unknown>
  /** Other payment columns written with the status (receipt approval, failure reason). */
  changes?: Partial<PaymentRow>
}

export interface Transition {
  changed: boolean
  from: PaymentStatus
  payment: PaymentRow
  subscription: SubscriptionRow
  /** Whom the change's e-mail goes to, read by the statement that wrote it; unset: unchanged. */
  people?: PaymentPeople | null
}

/** Period and status of the subscription after its payment moved to `to`; null leaves it. */
function subscriptionChanges(
  subscription: SubscriptionRow,
  payment: PaymentRow,
  from: PaymentStatus,
  to: PaymentStatus,
  now: Date,
  endsAccess: boolean,
): Partial<SubscriptionRow> | null {
  const active = hasAccess(subscription, now)
  // Pix Automático: the bank did not debit a period of an approved recurrence.
  const failedDebit =
    (to === "canceled" || to === "failed" || to === "overdue") &&
    from === "pending" &&
    payment.method === "pix" &&
    subscription.recurrenceStatus === "APROVADA" &&
    subscription.status === "paid" &&
    payment.providerRef !== subscription.gatewaySubscriptionId
  if (failedDebit) {
    // Unpaid, with access for the grace period while a one-off Pix can still pay.
    const grace = graceUntil(now)
    const end = subscription.currentPeriodEnd
    return {
      status: "unpaid",
      failedDate: now,
      currentPeriodEnd: end && end > grace ? end : grace,
    }
  }
  switch (to) {
    case "paid": {
      const months = planMonths(payment.planName ?? subscription.planName ?? "MONTHLY")
      // Paying early extends the current period; otherwise a new one starts now (also after a
      // failed debit, whose grace days were not paid for).
      const renewing = active && !!subscription.currentPeriodEnd && subscription.status !== "unpaid"
      return {
        status: "paid",
        currentPeriodStart: renewing ? (subscription.currentPeriodStart ?? now) : now,
        currentPeriodEnd: addMonths(renewing ? subscription.currentPeriodEnd! : now, months),
        canceledDate: null,
        refundedDate: null,
        failedDate: null,
        planId: payment.planId ?? subscription.planId,
        planName: payment.planName ?? subscription.planName,
        valueCents: payment.planValueCents ?? subscription.valueCents,
        paymentMethod: payment.method,
      }
    }
    case "failed":
      return {
        failedDate: now,
        ...(!active && subscription.status === "pending" ? { status: "unpaid" as const } : {}),
      }
    case "canceled":
    case "overdue": {
      // A card recurrence whose first payment never happened is gone too (we cancel it there).
      const abandoned =
        payment.providerRef !== null && payment.providerRef === subscription.gatewaySubscriptionId
      const changes = {
        ...(!active && subscription.status === "pending" ? { status: "unpaid" as const } : {}),
        ...(abandoned ? { gateway: null, gatewaySubscriptionId: null } : {}),
      }
      return Object.keys(changes).length ? changes : null
    }
    case "refunded":
    case "chargedback":
      // Money that went back takes the access it bought, unless a later payment paid for it.
      return from === "paid" && endsAccess ? { status: "canceled", refundedDate: now } : null
    default:
      return null
  }
}

/** A refund or chargeback reads the subscription's latest paid payment to decide. */
const readsLatestPaid = (to: PaymentStatus) => to === "refunded" || to === "chargedback"

/**
 * Every payment status change goes through here: one transaction that locks the subscription
 * and then the payment, checks the move is allowed, updates both and writes the audit rows; or,
 * for a move decided from an unlocked read, one statement that does the same if both rows are
 * still as read.
 */
export function createPaymentLedger(deps: { db: Database; clock: Clock }) {
  /** The move of `payment` to `to` (allowed, checked by the caller) and the rows it makes. */
  function decide(
    subscription: SubscriptionRow,
    payment: PaymentRow,
    to: PaymentStatus,
    context: TransitionContext,
    endsAccess: boolean,
  ): { move: PaymentMove; transition: Transition } {
    const from = payment.status
    const now = deps.clock.now()
    const paymentValues: Partial<PaymentRow> = {
      ...context.changes,
      status: to,
      updatedAt: now,
      ...(to === "paid" ? { paidAt: now, failureReason: null } : {}),
    }
    const updatedPayment = withChanges(payment, paymentValues)
    const paymentAudit: AuditEntry = {
      subscriptionId: subscription.id,
      paymentId: payment.id,
      entity: "payment",
      fromStatus: from,
      toStatus: to,
      actor: context.actor,
      reason: context.reason ?? null,
      details: context.details ?? null,
      createdAt: now,
    }
    const changes = subscriptionChanges(subscription, updatedPayment, from, to, now, endsAccess)
    const subscriptionValues = changes && { ...changes, updatedAt: now }
    const updatedSubscription = subscriptionValues
      ? withChanges(subscription, subscriptionValues)
      : subscription
    // Both moves' audit rows, the payment's first, written with the moves in one statement.
    const audits = [paymentAudit]
    if (subscriptionValues)
      audits.push({
        subscriptionId: subscription.id,
        paymentId: payment.id,
        entity: "subscription",
        fromStatus: subscription.status,
        toStatus: updatedSubscription.status,
        actor: context.actor,
        reason: context.reason ?? `pagamento ${to}`,
        details: {
          currentPeriodEnd: {
            from: subscription.currentPeriodEnd?.toISOString() ?? null,
            to: updatedSubscription.currentPeriodEnd?.toISOString() ?? null,
          },
        },
        createdAt: now,
      })
    return {
      move: {
        paymentId: payment.id,
        payment: paymentValues,
        subscription,
        subscriptionChanges: subscriptionValues,
        audits,
      },
      transition: {
        changed: true,
        from,
        payment: updatedPayment,
        subscription: updatedSubscription,
      },
    }
  }

  /** Inside a transaction that already holds the subscription lock. */
  async function applyLocked(
    repo: BillingRepository,
    subscription: SubscriptionRow,
    payment: PaymentRow,
    to: PaymentStatus,
    context: TransitionContext,
  ): Promise<Transition> {
    const from = payment.status
    if (from === to || !canMove(from, to)) return { changed: false, from, payment, subscription }
    let endsAccess = false
    if (readsLatestPaid(to)) {
      const latest = await repo.latestPaidPayment(subscription.id)
      const paidAt = payment.paidAt?.getTime() ?? 0
      endsAccess = !latest || (latest.paidAt?.getTime() ?? 0) <= paidAt
    }
    const { move, transition } = decide(subscription, payment, to, context, endsAccess)
    return { ...transition, people: await repo.writePaymentMove(move) }
  }

  /**
   * The move decided from rows read without locks, written by one statement that locks them
   * and writes only if they did not change since: no separate lock. Null: not written (a row
   * changed, or the move needs a read under the lock); decide again locked.
   */
  async function applySeen(
    repo: BillingRepository,
    seen: SeenPayment,
    to: PaymentStatus,
    context: TransitionContext,
  ): Promise<Transition | null> {
    const from = seen.payment.status
    if (from === to || !canMove(from, to) || readsLatestPaid(to)) return null
    const { move, transition } = decide(seen.subscription, seen.payment, to, context, false)
    const written = await repo.writePaymentMoveIfUnchanged(move, seen.versions)
    return written.written ? { ...transition, people: written.people } : null
  }

  /**
   * The buyer cancels, inside a transaction that holds the subscription lock: every open payment
   * moves to canceled as `applyLocked` would move it, then the subscription is cancelled, all in
   * one statement (see subscription-cancellation.repository.ts).
   */
  function cancelSubscriptionLocked(
    db: Executor,
    subscription: SubscriptionRow,
    context: { actor: string; paymentReason: string; reason: string },
  ): Promise<Cancellation> {
    return cancelOpenPaymentsAndSubscription(db, subscription, context, deps.clock.now())
  }

  return {
    applyLocked,
    cancelSubscriptionLocked,

    /**
     * Moves a payment to `to` (no-op when it is there already or the move is not allowed).
     * `subscriptionId`, when the caller has read the payment already, saves reading it again
     * to know which subscription to lock first (a payment never changes subscription). `seen`,
     * the payment and its subscription read without locks, lets the move be written in one
     * statement when neither changed since (see `applySeen`).
     */
    async transition(
      paymentId: string,
      to: PaymentStatus,
      context: TransitionContext,
      subscriptionId?: string,
      seen?: SeenPayment,
    ): Promise<Transition | null> {
      // A transaction even for one statement: a process that dies before committing leaves
      // the payment unmoved, so the next notification moves it and sends its e-mail.
      return deps.db.transaction(async (tx) => {
        const repo = createBillingRepository(tx)
        if (seen?.payment.id === paymentId) {
          const applied = await applySeen(repo, seen, to, context)
          if (applied) return applied
        }
        const owner = subscriptionId ?? (await repo.payment(paymentId))?.subscriptionId
        if (!owner) return null
        const locked = await repo.lockSubscriptionWithPayment(owner, paymentId)
        if (!locked) return null
        return applyLocked(repo, locked.subscription, locked.payment, to, context)
      })
    },
  }
}

export type PaymentLedger = ReturnType<typeof createPaymentLedger>
