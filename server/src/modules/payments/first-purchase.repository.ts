import { randomUUID } from "node:crypto"
import { getTableColumns, sql, type Table } from "drizzle-orm"
import { rowsOf, type Executor } from "../../db/client.ts"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import type { AuditEntry, NewPayment, PaymentRow, SubscriptionRow } from "./billing.repository.ts"

/** A new buyer's first purchase: her subscription, its first payment and the payment's audit row. */
export interface FirstPurchase {
  accountId: string
  profileId: string
  at: Date
  payment: Omit<NewPayment, "id" | "subscriptionId">
  audit: Omit<AuditEntry, "id" | "subscriptionId" | "paymentId">
}

/**
 * The three rows in one statement, so one round trip instead of a transaction of five (its
 * begin, three inserts, its commit): for an account created moments ago by the same request,
 * which has no subscription yet, so there is nothing to lock or read first.
 */
export async function insertFirstPurchase(db: Executor, purchase: FirstPurchase) {
  const subscriptionId = randomUUID()
  const paymentId = randomUUID()
  // getSQL(): a builder put in sql`` as it is would be wrapped in parentheses, which `with` refuses.
  const subscription = db
    .insert(subscriptions)
    .values({
      id: subscriptionId,
      accountId: purchase.accountId,
      profileId: purchase.profileId,
      status: "pending",
      createdAt: purchase.at,
      updatedAt: purchase.at,
    })
    .returning()
    .getSQL()
  const payment = db
    .insert(payments)
    .values({ ...purchase.payment, id: paymentId, subscriptionId })
    .returning()
    .getSQL()
  const audit = db
    .insert(billingAudit)
    .values({ ...purchase.audit, subscriptionId, paymentId })
    .getSQL()
  const [row] = await rowsOf<{ subscription: object; payment: object }>(
    db,
    sql`with new_subscription as (${subscription}), new_payment as (${payment}),
      new_audit as (${audit})
      select to_jsonb(s) as subscription, to_jsonb(p) as payment
      from new_subscription s, new_payment p`,
  )
  return {
    subscription: fromJson<SubscriptionRow>(subscriptions, row!.subscription),
    payment: fromJson<PaymentRow>(payments, row!.payment),
  }
}

/** A row read as JSON (column names, timestamps as text) as Drizzle reads it from the driver. */
function fromJson<T>(table: Table, json: object): T {
  const values = json as Record<string, unknown>
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = values[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T
}
