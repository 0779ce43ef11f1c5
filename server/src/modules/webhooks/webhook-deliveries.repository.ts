import { eq, sql } from "drizzle-orm"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import type { Database } from "../../db/client.ts"
import { webhookDeliveries } from "../../db/schema-billing.ts"
import { writeTogether } from "../../shared/write-together.ts"

type ProcessedDelivery = {
  provider: Provider
  topic: string
  resourceId: string
  receivedAt: Date
  processedAt: Date
}

/** Drizzle queries of the log of gateway notifications: each one with how its processing went. */
export function createWebhookDeliveriesRepository(db: Database) {
  // Written for nearly every notification, repeats included: a prepared statement made on first use.
  let recordProcessed: ReturnType<typeof prepareRecordProcessed> | undefined
  const prepareRecordProcessed = () =>
    db
      .insert(webhookDeliveries)
      .values({
        provider: sql.placeholder("provider"),
        topic: sql.placeholder("topic"),
        resourceId: sql.placeholder("resourceId"),
        receivedAt: sql.placeholder("receivedAt"),
        processedAt: sql.placeholder("processedAt"),
        attempts: 1,
      })
      .prepare("webhook_delivery_processed")
  async function insertProcessed(rows: ProcessedDelivery[]) {
    if (rows.length > 1) {
      await db.insert(webhookDeliveries).values(rows.map((row) => ({ ...row, attempts: 1 })))
      return
    }
    recordProcessed ??= prepareRecordProcessed()
    await recordProcessed.execute(rows[0]!)
  }

  // A launch's notifications arrive by the dozen at once: those processed in the same turn of
  // the event loop are logged by one insert, each answered only once it is written.
  const logProcessed = writeTogether(insertProcessed)

  return {
    /**
     * A delivery already handled: processed at `processedAt` (in one insert with those processed
     * at the same moment), or failed with `lastError` for the job to try again.
     */
    async record(
      values: { provider: Provider; topic: string; resourceId: string; receivedAt: Date } & (
        { processedAt: Date } | { lastError: string }
      ),
    ) {
      if ("lastError" in values) {
        await db.insert(webhookDeliveries).values({ ...values, attempts: 1 })
        return
      }
      await logProcessed(values)
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
