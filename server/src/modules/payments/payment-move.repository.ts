import { eq, sql } from "drizzle-orm"
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
  const { subscription } = move
  // getSQL(): a builder put in sql`` as it is would be wrapped in parentheses, which `with` refuses.
  const updatePayment = db
    .update(payments)
    .set(move.payment)
    .where(eq(payments.id, move.paymentId))
    .getSQL()
  const updateSubscription = move.subscriptionChanges
    ? sql`, moved_subscription as (${db
        .update(subscriptions)
        .set(move.subscriptionChanges)
        .where(eq(subscriptions.id, subscription.id))
        .getSQL()})`
    : sql``
  const [people] = await rowsOf<{ buyerEmail: string } & PaymentPeople["creator"]>(
    db,
    sql`with moved_payment as (${updatePayment})${updateSubscription},
      audit as (${db.insert(billingAudit).values(move.audits).getSQL()})
      select buyer.email as "buyerEmail", p.full_name as "fullName", p.username,
        creator.email as "email"
      from profiles p
      join accounts creator on creator.id = p.account_id
      join accounts buyer on buyer.id = ${subscription.accountId}::uuid
      where p.id = ${subscription.profileId}::uuid`,
  )
  if (!people) return null
  const { buyerEmail, ...creator } = people
  return { buyer: { email: buyerEmail }, creator }
}

/** A row with `changes` applied as Drizzle's `set` applies them (an undefined value is left out). */
export function withChanges<T extends object>(row: T, changes: Partial<T>): T {
  const written = Object.entries(changes).filter(([, value]) => value !== undefined)
  return { ...row, ...Object.fromEntries(written) }
}
