import { RECEIPT_ONLY_IMAGES } from "../../../src/domain/messages.ts"
import {
  cleanReceiptKey,
  cleanReceiptSuffix,
  reencodeReceipt,
} from "../adapters/images/receipt-image.ts"
import type { ReprocessRepository } from "./reprocess.repository.ts"
import { baseBeside, readStored, type ReprocessDeps } from "./reprocess-rows.ts"

/**
 * Receipts stored as the buyer sent them (metadata and all): each is written again without it
 * under a `.clean.` key, the payment pointed at it by a conditional update, then the original
 * deleted. The duplicate check keeps the hash of the buyer's bytes.
 */
export function createReceiptReprocessing(deps: ReprocessDeps, repo: ReprocessRepository) {
  const { storage, log } = deps
  const readAll = (key: string) => readStored(storage, key)

  const rows = (id: string) => repo.receiptRows(id, cleanReceiptSuffix)

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
      if (await repo.replaceReceipt(row.id, old, key)) {
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
