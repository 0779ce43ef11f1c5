import { and, eq, sql } from "drizzle-orm"
import type { PaymentGateway } from "../../../../src/domain/models.ts"
import type { Database } from "../../db/client.ts"
import { payments, subscriptions } from "../../db/schema-billing.ts"
import type { PaymentRow, SubscriptionRow } from "../../db/rows.ts"
import type { SeenVersions } from "./payment-move.repository.ts"

/** A payment and its subscription as read without locks, at these row versions. */
export interface SeenPayment {
  payment: PaymentRow
  subscription: SubscriptionRow
  versions: SeenVersions
}

/**
 * A gateway's payment with its subscription and their row versions, read without locks: a move
 * decided from it is written only while both rows are still at these versions. The read every
 * gateway notification starts with (each is repeated 2 to 12 times), as a prepared statement
 * made on first use: built once, parsed and planned once per connection.
 */
export function seenPaymentReader(db: Database) {
  let prepared: ReturnType<typeof prepare> | undefined
  const prepare = () =>
    db
      .select({
        payment: payments,
        subscription: subscriptions,
        versions: {
          payment: sql<string>`"payments".xmin::text`,
          subscription: sql<string>`"subscriptions".xmin::text`,
        },
      })
      .from(payments)
      .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
      .where(
        and(
          eq(payments.gateway, sql.placeholder("gateway")),
          eq(payments.providerPaymentId, sql.placeholder("providerPaymentId")),
        ),
      )
      .prepare("billing_payment_seen_by_provider")
  return async (
    gateway: PaymentGateway,
    providerPaymentId: string,
  ): Promise<SeenPayment | null> => {
    prepared ??= prepare()
    const [row] = await prepared.execute({ gateway, providerPaymentId })
    return row ?? null
  }
}
