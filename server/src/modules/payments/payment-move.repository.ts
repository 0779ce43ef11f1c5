import { and, eq, sql, type SQL } from "drizzle-orm"
import { rowsOf, type Executor } from "../../db/client.ts"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import type {
  AuditEntry,
  BillingRepository,
  PaymentRow,
  SubscriptionRow,
} from "./billing.repository.ts"

/** Whom a payment's e-mails go to: its buyer, and the creator she pays (as `peopleOf` reads them). */
export type PaymentPeople = NonNullable<Awaited<ReturnType<BillingRepository["peopleOf"]>>>

/** A payment's status change as the ledger decided it, under the subscription's lock. */
export interface PaymentMove {
  paymentId: string
  payment: Partial<PaymentRow>
  subscription: Pick<SubscriptionRow, "id" | "accountId" | "profileId">
  /** Null: the subscription stays as it is. */
  subscriptionChanges: Partial<SubscriptionRow> | null
  audits: AuditEntry[]
}

/**
 * Data access of the payment ledger: a move written in one statement (one round trip instead of
 * three), the payment's update, the subscription's and their audit rows, which also reads whom
 * its e-mail goes to. The caller holds the subscription's lock, taken first as on every path;
 * the payment's row is locked by its update here as by the separate update before. Null people:
 * the buyer or the creator is gone (the move is written all the same).
 */
export async function writePaymentMove(
  db: Executor,
  move: PaymentMove,
): Promise<PaymentPeople | null> {
  const [row] = await rowsOf<PeopleRow>(
    db,
    sql`with ${moveWrites(db, move)},
      audit as (${db.insert(billingAudit).values(move.audits).getSQL()})
      select ${peopleColumns}
      from profiles p
      join accounts creator on creator.id = p.account_id
      join accounts buyer on buyer.id = ${move.subscription.accountId}::uuid
      where p.id = ${move.subscription.profileId}::uuid`,
  )
  return row ? peopleOf(row) : null
}

/** The row versions (`xmin`) a move was decided from, read without locks. */
export interface SeenVersions {
  subscription: string
  payment: string
}

/**
 * `writePaymentMove` without a lock held before: the statement locks both rows itself
 * (subscription first, as every path does) and writes the move only if neither changed since
 * they were read at `seen`, so a move decided from a stale read is never written. Not written:
 * the caller decides again under the lock.
 */
export async function writePaymentMoveIfUnchanged(
  db: Executor,
  move: PaymentMove,
  seen: SeenVersions,
): Promise<{ written: false } | { written: true; people: PaymentPeople | null }> {
  const { subscription } = move
  const unchanged = sql`exists (select 1 from unchanged)`
  // The audit rows as JSON read into the table's row type: an insert that a condition can skip.
  const auditRows = JSON.stringify(move.audits.map(auditColumns))
  const [row] = await rowsOf<PeopleRow & { written: boolean }>(
    db,
    sql`with unchanged as (
        select s.id from subscriptions s
        join payments p on p.id = ${move.paymentId}::uuid and p.subscription_id = s.id
        where s.id = ${subscription.id}::uuid
          and s.xmin = ${seen.subscription}::xid and p.xmin = ${seen.payment}::xid
        for update of s, p),
      ${moveWrites(db, move, unchanged)},
      audit as (insert into billing_audit
          (subscription_id, payment_id, entity, from_status, to_status, actor, reason, details,
            created_at)
        select subscription_id, payment_id, entity, from_status, to_status, actor, reason, details,
          coalesce(created_at, now())
        from jsonb_populate_recordset(null::billing_audit, ${auditRows}::jsonb)
        where ${unchanged})
      select ${unchanged} as "written", ${peopleColumns}
      from (select 1) as one
      left join profiles p on p.id = ${subscription.profileId}::uuid
      left join accounts creator on creator.id = p.account_id
      left join accounts buyer on buyer.id = ${subscription.accountId}::uuid`,
  )
  if (!row?.written) return { written: false }
  const found = row.buyerEmail !== null && row.email !== null
  return { written: true, people: found ? peopleOf(row) : null }
}

type PeopleRow = { buyerEmail: string } & PaymentPeople["creator"]

const peopleColumns = sql`buyer.email as "buyerEmail", p.full_name as "fullName", p.username,
  creator.email as "email"`

function peopleOf({ buyerEmail, ...creator }: PeopleRow): PaymentPeople {
  return { buyer: { email: buyerEmail }, creator }
}

/** The payment's update and the subscription's, as `with` parts; `onlyIf` guards both. */
function moveWrites(db: Executor, move: PaymentMove, onlyIf?: SQL) {
  // getSQL(): a builder put in sql`` as it is would be wrapped in parentheses, which `with` refuses.
  const updatePayment = db
    .update(payments)
    .set(move.payment)
    .where(and(eq(payments.id, move.paymentId), onlyIf))
    .getSQL()
  const updateSubscription = move.subscriptionChanges
    ? sql`, moved_subscription as (${db
        .update(subscriptions)
        .set(move.subscriptionChanges)
        .where(and(eq(subscriptions.id, move.subscription.id), onlyIf))
        .getSQL()})`
    : sql``
  return sql`moved_payment as (${updatePayment})${updateSubscription}`
}

/** An audit row under its column names, as `jsonb_populate_recordset` reads it. */
function auditColumns(entry: AuditEntry) {
  return {
    subscription_id: entry.subscriptionId,
    payment_id: entry.paymentId ?? null,
    entity: entry.entity,
    from_status: entry.fromStatus ?? null,
    to_status: entry.toStatus,
    actor: entry.actor,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
    created_at: entry.createdAt?.toISOString() ?? null,
  }
}

/** A row with `changes` applied as Drizzle's `set` applies them (an undefined value is left out). */
export function withChanges<T extends object>(row: T, changes: Partial<T>): T {
  const written = Object.entries(changes).filter(([, value]) => value !== undefined)
  return { ...row, ...Object.fromEntries(written) }
}
