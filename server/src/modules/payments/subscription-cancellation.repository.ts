import { sql } from "drizzle-orm"
import { graceUntil } from "../../../../src/domain/pix-automatic.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import { rowsOf, type Executor } from "../../db/client.ts"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import type { SubscriptionRow } from "./billing.repository.ts"

/** What a cancellation leaves for the gateways: the payments it cancelled and the renewal. */
export interface Cancellation {
  gateway: string | null
  gatewaySubscriptionId: string | null
  manageUrl: string | null
  canceled: Array<{ id: string; gateway: string; method: string; providerRef: string | null }>
}

/**
 * Data access of the payment ledger: a subscription cancelled by its buyer, in one statement,
 * inside a transaction that holds the subscription lock. Every open payment moves to canceled
 * with what the ledger's `applyLocked` does for each, in the order of `openPayments` (its audit
 * row; the subscription changes of `subscriptionChanges` for a cancelled payment, with their
 * audit row), then the subscription is cancelled and audited. cancel-sql.test.ts checks it
 * against `applyLocked` payment by payment.
 */
export async function cancelOpenPaymentsAndSubscription(
  db: Executor,
  subscription: SubscriptionRow,
  context: { actor: string; paymentReason: string; reason: string },
  now: Date,
): Promise<Cancellation> {
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
