import type { PaymentStatus } from "../../../src/domain/models.ts"

/**
 * Where a payment may go from each status. Money that arrives late still counts (a cancelled or
 * expired payment can become paid, or get a receipt); nothing comes back from refunded or charged back; a stale
 * report (paid -> pending) is ignored. Re-fetched states converge whatever order webhooks come in.
 */
const moves: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ["analyzing", "paid", "failed", "canceled", "overdue", "refunded", "chargedback"],
  analyzing: ["paid", "failed", "canceled"],
  failed: ["paid", "analyzing", "refunded", "chargedback"],
  canceled: ["paid", "analyzing", "refunded", "chargedback"],
  overdue: ["paid", "analyzing", "canceled", "refunded", "chargedback"],
  paid: ["refunded", "chargedback"],
  refunded: [],
  chargedback: [],
}

export const canMove = (from: PaymentStatus, to: PaymentStatus) => moves[from].includes(to)

/** Whether a payment that left `status` can ever be moved back to it (analyzing -> failed -> analyzing). */
function canReturnTo(status: PaymentStatus) {
  const seen = new Set<PaymentStatus>()
  const next = [...moves[status]]
  for (let at = next.pop(); at; at = next.pop()) {
    if (at === status) return true
    if (!seen.has(at)) next.push(...moves[at])
    seen.add(at)
  }
  return false
}

/**
 * A payment read (unlocked) at `read` needs no move to `to`: it is there, and nothing it may
 * have moved to since comes back to `to`. A repeated notification stops at this read, without
 * the transaction and its row locks.
 */
export const alreadyAt = (read: PaymentStatus, to: PaymentStatus) => read === to && !canReturnTo(to)
