import { and, asc, eq, isNotNull, not, sql } from "drizzle-orm"
import { RECEIPT_ONLY_IMAGES } from "../../../src/domain/messages.ts"
import {
  cleanReceiptKey,
  cleanReceiptSuffix,
  reencodeReceipt,
} from "../adapters/images/receipt-image.ts"
import { payments } from "../db/schema-billing.ts"
import { after, baseBeside, batchSize, readStored, type ReprocessDeps } from "./reprocess-rows.ts"

/**
 * Receipts stored as the buyer sent them (metadata and all): each is written again without it
 * under a `.clean.` key, the payment pointed at it by a conditional update, then the original
 * deleted. The duplicate check keeps the hash of the buyer's bytes.
 */
export function createReceiptReprocessing(deps: ReprocessDeps) {
  const { db, storage, log } = deps
  const readAll = (key: string) => readStored(storage, key)

  const rows = (id: string) =>
    db
      .select({ id: payments.id, receiptKey: payments.receiptKey })
      .from(payments)
      .where(
        and(
          after(payments.id, id),
          isNotNull(payments.receiptKey),
          not(sql`${payments.receiptKey} like ${`%${cleanReceiptSuffix}.%`}`),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(batchSize)

  const handle = async (row: { id: string; receiptKey: string | null }) => {
    const old = row.receiptKey!
    let clean
    try {
      clean = await reencodeReceipt(await readAll(old), RECEIPT_ONLY_IMAGES)
    } catch (err) {
      log.warn({ err, paymentId: row.id }, "comprovante antigo não pôde ser reprocessado")
      return false
    }
    const key = cleanReceiptKey(baseBeside(old), clean.ext)
    try {
      await storage.put(key, clean.data)
      const done = await db
        .update(payments)
        .set({ receiptKey: key })
        .where(and(eq(payments.id, row.id), eq(payments.receiptKey, old)))
        .returning({ id: payments.id })
      if (done.length > 0) {
        await storage.delete(old)
        return true
      }
    } catch (err) {
      log.warn({ err, paymentId: row.id }, "não foi possível trocar o comprovante antigo")
    }
    await storage.delete(key)
    return false
  }

  return { rows, handle }
}
