import { addMonths } from "../../../../src/domain/dates.ts"
import type { PaymentStatus } from "../../../../src/domain/models.ts"
import { planMonths } from "../../../../src/domain/plans.ts"
import { graceUntil } from "../../../../src/domain/pix-automatic.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import { sql } from "drizzle-orm"
import type { Clock } from "../../clock.ts"
import { rowsOf, type Database, type Executor } from "../../db/client.ts"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import {
  createBillingRepository,
  type BillingRepository,
  type PaymentRow,
  type SubscriptionRow,
} from "./billing.repository.ts"

/**
 * Where a payment may go from each status. Money that arrives late still counts (a cancelled or
 * expired payment can become paid, or get a receipt); nothing comes back from refunded or charged back; a stale
 * report (paid -> pending) is ignored. Re-fetched states converge whatever order webhooks come in.
 */
const moves: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ["analyzing", "paid", "failed", "canceled", "overdue", "refunded", "chargedback"],
  analyzing: ["paid", "failed", "canceled"],
  failed: ["paid", "analyzing", "refunded", "chargedback"],
  canceled: ["paid", "analyzing", "refunded", "chargedback"],
  overdue: ["paid", "analyzing", "canceled", "refunded", "chargedback"],
  paid: ["refunded", "chargedback"],
  refunded: [],
  chargedback: [],
}

export const canMove = (from: PaymentStatus, to: PaymentStatus) => moves[from].includes(to)

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
}

/** What a cancellation leaves for the gateways: the payments it cancelled and the renewal. */
export interface Cancellation {
  gateway: string | null
  gatewaySubscriptionId: string | null
  manageUrl: string | null
  canceled: Array<{ id: string; gateway: string; method: string; providerRef: string | null }>
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

/**
 * Every payment status change goes through here: one transaction that locks the subscription
 * and then the payment, checks the move is allowed, updates both and writes the audit rows.
 */
export function createPaymentLedger(deps: { db: Database; clock: Clock }) {
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
    const now = deps.clock.now()
    const updatedPayment = await repo.updatePayment(payment.id, {
      ...context.changes,
      status: to,
      updatedAt: now,
      ...(to === "paid" ? { paidAt: now, failureReason: null } : {}),
    })
    await repo.audit({
      subscriptionId: subscription.id,
      paymentId: payment.id,
      entity: "payment",
      fromStatus: from,
      toStatus: to,
      actor: context.actor,
      reason: context.reason ?? null,
      details: context.details ?? null,
      createdAt: now,
    })
    let endsAccess = false
    if (to === "refunded" || to === "chargedback") {
      const latest = await repo.latestPaidPayment(subscription.id)
      const paidAt = payment.paidAt?.getTime() ?? 0
      endsAccess = !latest || (latest.paidAt?.getTime() ?? 0) <= paidAt
    }
    const changes = subscriptionChanges(subscription, updatedPayment, from, to, now, endsAccess)
    if (!changes) return { changed: true, from, payment: updatedPayment, subscription }
    const updatedSubscription = await repo.updateSubscription(subscription.id, {
      ...changes,
      updatedAt: now,
    })
    await repo.audit({
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
    return { changed: true, from, payment: updatedPayment, subscription: updatedSubscription }
  }

  /**
   * The buyer cancels, inside a transaction that holds the subscription lock, in one statement:
   * every open payment moves to canceled with what `applyLocked` does for each, in the order of
   * `openPayments` (its audit row; the subscription changes of `subscriptionChanges` for a
   * cancelled payment, with their audit row), then the subscription is cancelled and audited.
   * cancel-sql.test.ts checks it against `applyLocked` payment by payment.
   */
  async function cancelSubscriptionLocked(
    db: Executor,
    subscription: SubscriptionRow,
    context: { actor: string; paymentReason: string; reason: string },
  ): Promise<Cancellation> {
    const now = deps.clock.now()
    const at = sql`${now.toISOString()}::timestamptz`
    const id = sql`${subscription.id}::uuid`
    const status = sql`${subscription.status}::text`
    const actor = sql`${context.actor}::text`
    const paymentReason = sql`${context.paymentReason}::text`
    const end = subscription.currentPeriodEnd
    const grace = graceUntil(now)
    const endAfterFailedDebit = end && end > grace ? end : grace
    const endIso = sql`${end?.toISOString() ?? null}::text`
    const endAfterFailedDebitIso = sql`${endAfterFailedDebit.toISOString()}::text`
    // The parts of subscriptionChanges that depend on the subscription alone.
    const unpaidOnCancel = !hasAccess(subscription, now) && subscription.status === "pending"
    const debitApproved =
      subscription.recurrenceStatus === "APROVADA" && subscription.status === "paid"
    const recurrence = sql`${subscription.gatewaySubscriptionId}::text`
    const [row] = await rowsOf<Cancellation>(
      db,
      sql`with open as (
          select p.id, p.status, p.created_at,
            (p.status = 'pending' and p.method = 'pix' and ${debitApproved}::boolean
              and p.provider_ref is distinct from ${recurrence}) as failed_debit,
            (p.provider_ref is not null and p.provider_ref = ${recurrence}) as abandoned
          from ${payments} p
          where p.subscription_id = ${id} and p.status in ('pending', 'analyzing')
          for update
        ),
        canceled as (
          update ${payments} p set status = 'canceled', updated_at = ${at}
          from open o where p.id = o.id
          returning p.id, p.gateway, p.method, p.provider_ref, o.status::text as from_status,
            o.created_at, o.failed_debit, o.abandoned
        ),
        steps as (
          select c.*,
            (c.failed_debit or c.abandoned or ${unpaidOnCancel}::boolean) as changes_subscription,
            bool_or(c.failed_debit) over (order by c.created_at desc, c.id
              rows unbounded preceding) as debit_failed_so_far
          from canceled c
        ),
        step_audits as (
          insert into ${billingAudit} (subscription_id, payment_id, entity, from_status, to_status,
            actor, reason, details, created_at)
          select ${id}, s.id, 'payment', s.from_status, 'canceled', ${actor}, ${paymentReason},
            null::jsonb, ${at}
          from steps s
          union all
          select ${id}, s.id, 'subscription', ${status},
            case when ${unpaidOnCancel}::boolean or s.debit_failed_so_far then 'unpaid'
              else ${status} end,
            ${actor}, ${paymentReason},
            jsonb_build_object('currentPeriodEnd', jsonb_build_object('from', ${endIso},
              'to', case when s.debit_failed_so_far then ${endAfterFailedDebitIso} else ${endIso} end)),
            ${at}
          from steps s where s.changes_subscription
        ),
        updated as (
          update ${subscriptions} s set status = 'canceled', canceled_date = ${at}, updated_at = ${at},
            recurrence_status = case when ${!!subscription.recurrenceStatus}::boolean
              then 'CANCELADA' else s.recurrence_status end,
            failed_date = case when exists (select 1 from steps where failed_debit)
              then ${at} else s.failed_date end,
            current_period_end = case when exists (select 1 from steps where failed_debit)
              then ${endAfterFailedDebit.toISOString()}::timestamptz else s.current_period_end end,
            gateway = case when exists (select 1 from steps where abandoned)
              then null else s.gateway end,
            gateway_subscription_id = case when exists (select 1 from steps where abandoned)
              then null else s.gateway_subscription_id end
          where s.id = ${id}
          returning s.gateway, s.gateway_subscription_id, s.manage_url
        ),
        cancel_audit as (
          insert into ${billingAudit} (subscription_id, payment_id, entity, from_status, to_status,
            actor, reason, details, created_at)
          select ${id}, null, 'subscription', ${status}, 'canceled', ${actor},
            ${context.reason}::text,
            jsonb_build_object('accessUntil', case when exists (select 1 from steps where failed_debit)
              then ${endAfterFailedDebitIso} else ${endIso} end),
            ${at}
          from updated
        )
        select u.gateway::text as "gateway", u.gateway_subscription_id as "gatewaySubscriptionId",
          u.manage_url as "manageUrl",
          coalesce((select json_agg(json_build_object('id', c.id, 'gateway', c.gateway,
            'method', c.method, 'providerRef', c.provider_ref) order by c.created_at desc, c.id)
            from canceled c), '[]'::json) as "canceled"
        from updated u`,
    )
    return row!
  }

  return {
    applyLocked,
    cancelSubscriptionLocked,

    /** Moves a payment to `to` (no-op when it is there already or the move is not allowed). */
    async transition(
      paymentId: string,
      to: PaymentStatus,
      context: TransitionContext,
    ): Promise<Transition | null> {
      return deps.db.transaction(async (tx) => {
        const repo = createBillingRepository(tx)
        const peek = await repo.payment(paymentId)
        if (!peek) return null
        const subscription = await repo.lockSubscription(peek.subscriptionId)
        const payment = await repo.lockPayment(paymentId)
        if (!subscription || !payment) return null
        return applyLocked(repo, subscription, payment, to, context)
      })
    },
  }
}

export type PaymentLedger = ReturnType<typeof createPaymentLedger>
