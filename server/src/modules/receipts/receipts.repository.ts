import { and, desc, eq, sql } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"

/** Drizzle queries of the receipts a creator reviews. */
export function createReceiptsRepository(db: Executor) {
  return {
    /** Receipts sent to one creator, newest first, with who sent them. */
    receiptsOf(profileId: string, onlyInAnalysis: boolean) {
      const conditions = [
        eq(subscriptions.profileId, profileId),
        sql`${payments.receiptKey} is not null`,
      ]
      if (onlyInAnalysis) conditions.push(eq(payments.status, "analyzing"))
      return db
        .select({
          payment: payments,
          subscription: subscriptions,
          email: accounts.email,
          fullName: accounts.fullName,
        })
        .from(payments)
        .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
        .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
        .where(and(...conditions))
        .orderBy(desc(payments.receiptUploadedAt))
        .limit(200)
    },
  }
}

export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>
