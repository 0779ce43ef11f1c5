import type { AdminAudit, AdminSubscription } from "../../../../src/domain/admin.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import { SUBSCRIPTION_NOT_FOUND } from "../../../../src/domain/messages.ts"
import type { ModuleDeps } from "../../deps.ts"
import { NotFoundError } from "../../errors.ts"
import { createAdminRepository, type SubscriptionWithParties } from "./admin.repository.ts"

const toSubscription = (row: SubscriptionWithParties): AdminSubscription => ({
  subscriptionId: row.subscription.id,
  subscriberAccountId: row.subscription.accountId,
  creatorAccountId: row.creatorAccountId,
  subscriberEmail: row.subscriberEmail,
  creatorUsername: row.creatorUsername,
  status: row.subscription.status,
  plan: row.subscription.planName,
  currentPeriodEnd: row.subscription.currentPeriodEnd?.toISOString() ?? null,
  createdAt: row.subscription.createdAt.toISOString(),
})

export function createAdminAuditService(deps: ModuleDeps) {
  const repo = createAdminRepository(deps.db)

  return {
    /** Finds subscriptions by the follower's e-mail or the creator's username. */
    async search(q: string) {
      return (await repo.searchSubscriptions(q)).map(toSubscription)
    },

    /** Every status change of the subscription and its payments, oldest first, with who did it. */
    async history(subscriptionId: string): Promise<AdminAudit> {
      const row = isUuid(subscriptionId) ? await repo.findSubscription(subscriptionId) : null
      if (!row) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND, "subscription_not_found")
      const entries = await repo.auditOf(row.subscription.id)
      return {
        subscription: toSubscription(row),
        entries: entries.map((entry) => ({
          id: entry.id,
          entity: entry.entity,
          paymentId: entry.paymentId,
          fromStatus: entry.fromStatus,
          toStatus: entry.toStatus,
          actor: entry.actor,
          reason: entry.reason,
          createdAt: entry.createdAt.toISOString(),
        })),
      }
    },
  }
}
