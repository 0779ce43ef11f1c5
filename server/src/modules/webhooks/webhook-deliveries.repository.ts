import { eq, sql } from "drizzle-orm"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import type { Executor } from "../../db/client.ts"
import { webhookDeliveries } from "../../db/schema-billing.ts"

/** Drizzle queries of the log of gateway notifications: each one with how its processing went. */
export function createWebhookDeliveriesRepository(db: Executor) {
  return {
    /**
     * A delivery already handled, in one statement: processed at `processedAt`, or failed with
     * `lastError` for the job to try again.
     */
    async record(
      values: { provider: Provider; topic: string; resourceId: string; receivedAt: Date } & (
        { processedAt: Date } | { lastError: string }
      ),
    ) {
      await db.insert(webhookDeliveries).values({ ...values, attempts: 1 })
    },

    /** Deliveries whose processing failed, oldest first; after 10 attempts they are left alone. */
    failed(limit: number) {
      return db
        .select()
        .from(webhookDeliveries)
        .where(
          sql`${webhookDeliveries.processedAt} is null and ${webhookDeliveries.attempts} between 1 and 9`,
        )
        .orderBy(webhookDeliveries.receivedAt)
        .limit(limit)
    },

    async markProcessed(id: string, at: Date) {
      await db
        .update(webhookDeliveries)
        .set({ processedAt: at, attempts: sql`${webhookDeliveries.attempts} + 1`, lastError: null })
        .where(eq(webhookDeliveries.id, id))
    },

    async markFailed(id: string, error: string) {
      await db
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastError: error })
        .where(eq(webhookDeliveries.id, id))
    },
  }
}

export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>
