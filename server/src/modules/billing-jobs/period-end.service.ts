import type { Clock } from "../../clock.ts"
import type { BillingStore } from "../payments/billing.repository.ts"
import type { BillingJobsRepository } from "./billing-jobs.repository.ts"

/** A paid period that ended without a new payment: the status says so (access already ended). */
export function createPeriodEnd(deps: {
  jobsRepo: BillingJobsRepository
  store: BillingStore
  clock: Clock
}) {
  return async function endPeriods() {
    const at = deps.clock.now()
    const ended = await deps.jobsRepo.endedPeriods(at, 500)
    for (const { id } of ended) {
      await deps.store.transaction(async (repo) => {
        const row = await repo.lockSubscription(id)
        if (!row || !["paid", "trialing"].includes(row.status)) return
        if (!row.currentPeriodEnd || row.currentPeriodEnd > at) return
        await repo.updateSubscription(id, { status: "unpaid", updatedAt: at })
        await repo.audit({
          subscriptionId: id,
          entity: "subscription",
          fromStatus: row.status,
          toStatus: "unpaid",
          actor: "job:end-periods",
          reason: "período terminou sem renovação",
          createdAt: at,
        })
      })
    }
    return ended.length
  }
}
