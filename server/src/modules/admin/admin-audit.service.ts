import { asc, desc, eq, ilike, or } from "drizzle-orm"
import type { AdminAudit, AdminSubscription } from "../../../../src/domain/admin.ts"
import { billingAudit, subscriptions } from "../../db/schema-billing.ts"
import { accounts, profiles } from "../../db/schema.ts"
import type { ModuleDeps } from "../../deps.ts"
import { NotFoundError } from "../../errors.ts"
import { isUuid } from "../studio/studio-access.ts"
import { subscriptionNotFoundMessage } from "../studio/studio-subscribers.service.ts"

export function createAdminAuditService(deps: ModuleDeps) {
  const query = () =>
    deps.db
      .select({
        subscription: subscriptions,
        subscriberEmail: accounts.email,
        creatorUsername: profiles.username,
        creatorAccountId: profiles.accountId,
      })
      .from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))

  const toSubscription = (row: Awaited<ReturnType<typeof query>>[number]): AdminSubscription => ({
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

  return {
    /** Finds subscriptions by the follower's e-mail or the creator's username. */
    async search(q: string) {
      const pattern = `%${q.replace(/^@/, "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const rows = await query()
        .where(or(ilike(accounts.email, pattern), ilike(profiles.username, pattern)))
        .orderBy(desc(subscriptions.updatedAt))
        .limit(100)
      return rows.map(toSubscription)
    },

    /** Every status change of the subscription and its payments, oldest first, with who did it. */
    async history(subscriptionId: string): Promise<AdminAudit> {
      const [row] = isUuid(subscriptionId)
        ? await query().where(eq(subscriptions.id, subscriptionId))
        : []
      if (!row) throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
      const entries = await deps.db
        .select()
        .from(billingAudit)
        .where(eq(billingAudit.subscriptionId, row.subscription.id))
        // Rows of one transaction share a time; the table keeps them in the order written.
        .orderBy(asc(billingAudit.createdAt))
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
