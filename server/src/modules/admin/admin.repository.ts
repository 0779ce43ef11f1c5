import { and, asc, count, desc, eq, ilike, or } from "drizzle-orm"
import { hasAccessSql } from "../../db/access-sql.ts"
import type { Executor } from "../../db/client.ts"
import { billingAudit, subscriptions } from "../../db/schema-billing.ts"
import { accounts, profiles } from "../../db/schema.ts"

/** Like-patterns treat % and _ as wildcards; a search for "a_b" means those characters. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

export type SubscriptionWithParties = {
  subscription: typeof subscriptions.$inferSelect
  subscriberEmail: string
  creatorUsername: string
  creatorAccountId: string
}

export type CreatorWithCount = {
  profile: typeof profiles.$inferSelect
  email: string
  activeSubscribers: number
}

/** The operator's reads across creators and subscriptions, and the creators' ban switch. */
export function createAdminRepository(db: Executor) {
  const subscriptionsQuery = () =>
    db
      .select({
        subscription: subscriptions,
        subscriberEmail: accounts.email,
        creatorUsername: profiles.username,
        creatorAccountId: profiles.accountId,
      })
      .from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))

  const creatorsQuery = (now: Date) =>
    db
      .select({
        profile: profiles,
        email: accounts.email,
        activeSubscribers: count(subscriptions.id),
      })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .leftJoin(
        subscriptions,
        // The access rule in the join keeps creators without subscribers in the list.
        and(eq(subscriptions.profileId, profiles.id), hasAccessSql(now)),
      )
      .groupBy(profiles.id, accounts.email)

  return {
    /** By the follower's e-mail or the creator's username ("@" ignored), latest change first. */
    searchSubscriptions(q: string): Promise<SubscriptionWithParties[]> {
      const pattern = `%${escapeLike(q.replace(/^@/, ""))}%`
      return subscriptionsQuery()
        .where(or(ilike(accounts.email, pattern), ilike(profiles.username, pattern)))
        .orderBy(desc(subscriptions.updatedAt))
        .limit(100)
    },
    async findSubscription(id: string): Promise<SubscriptionWithParties | null> {
      const [row] = await subscriptionsQuery().where(eq(subscriptions.id, id))
      return row ?? null
    },
    auditOf(subscriptionId: string) {
      return (
        db
          .select()
          .from(billingAudit)
          .where(eq(billingAudit.subscriptionId, subscriptionId))
          // Rows of one transaction share a time; the table keeps them in the order written.
          .orderBy(asc(billingAudit.createdAt))
      )
    },

    listCreators(q: string | undefined, now: Date): Promise<CreatorWithCount[]> {
      const pattern = q ? `%${escapeLike(q)}%` : null
      return creatorsQuery(now)
        .where(
          pattern
            ? or(
                ilike(profiles.username, pattern),
                ilike(profiles.fullName, pattern),
                ilike(accounts.email, pattern),
              )
            : undefined,
        )
        .orderBy(asc(profiles.username))
        .limit(500)
    },
    async findCreator(profileId: string, now: Date): Promise<CreatorWithCount | null> {
      const [row] = await creatorsQuery(now).where(eq(profiles.id, profileId))
      return row ?? null
    },
    async setBanned(profileId: string, banned: boolean, now: Date) {
      await db.update(profiles).set({ banned, updatedAt: now }).where(eq(profiles.id, profileId))
    },
  }
}
