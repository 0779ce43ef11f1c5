import { sql } from "drizzle-orm"
import { rowsOf, type Database } from "../server/src/db/client.ts"
import { launchEmailPattern } from "./webhooks-launch.ts"

/** What settlement left for one launch payment, read back from the database. */
export type SettledPayment = {
  invoiceId: string
  paymentStatus: string
  subscriptionStatus: string
  /** Payments of its subscription: a duplicate notification must not add one. */
  payments: number
  /** Audit rows of the payment moving to paid, and of the subscription moving to paid. */
  paymentPaidAudits: number
  subscriptionPaidAudits: number
  /** Mails queued to the buyer: the approval, once. */
  mails: number
}

/**
 * Every way a payment was not applied exactly once, one line each (empty: all were): paid
 * once, its subscription active once, one audit row of each move, one approval mail.
 */
export function exactlyOnceProblems(rows: SettledPayment[], expected: number): string[] {
  const problems: string[] = []
  if (rows.length !== expected) problems.push(`${rows.length} payments found, ${expected} made`)
  for (const r of rows) {
    const wrong = [
      r.paymentStatus !== "paid" && `payment ${r.paymentStatus}`,
      r.subscriptionStatus !== "paid" && `subscription ${r.subscriptionStatus}`,
      r.payments !== 1 && `${r.payments} payments`,
      r.paymentPaidAudits !== 1 && `${r.paymentPaidAudits} payment audits`,
      r.subscriptionPaidAudits !== 1 && `${r.subscriptionPaidAudits} subscription audits`,
      r.mails !== 1 && `${r.mails} mails`,
    ].filter(Boolean)
    if (wrong.length > 0) problems.push(`${r.invoiceId}: ${wrong.join(", ")}`)
  }
  return problems
}

/** Reads back every launch payment's settlement. */
export async function readSettlement(db: Database): Promise<SettledPayment[]> {
  const rows = await rowsOf<Record<keyof SettledPayment, string | number>>(
    db,
    sql`select p.provider_payment_id as "invoiceId", p.status as "paymentStatus",
        s.status as "subscriptionStatus",
        (select count(*) from payments o where o.subscription_id = s.id) as "payments",
        (select count(*) from billing_audit b where b.payment_id = p.id
          and b.entity = 'payment' and b.to_status = 'paid') as "paymentPaidAudits",
        (select count(*) from billing_audit b where b.subscription_id = s.id
          and b.entity = 'subscription' and b.to_status = 'paid') as "subscriptionPaidAudits",
        (select count(*) from mail_outbox m where m."to" = a.email) as "mails"
      from accounts a
      join subscriptions s on s.account_id = a.id
      join payments p on p.subscription_id = s.id
      where a.email like ${launchEmailPattern}`,
  )
  // PostgreSQL's count is a bigint, which the driver hands over as a string.
  return rows.map((r) => ({
    invoiceId: String(r.invoiceId),
    paymentStatus: String(r.paymentStatus),
    subscriptionStatus: String(r.subscriptionStatus),
    payments: Number(r.payments),
    paymentPaidAudits: Number(r.paymentPaidAudits),
    subscriptionPaidAudits: Number(r.subscriptionPaidAudits),
    mails: Number(r.mails),
  }))
}
