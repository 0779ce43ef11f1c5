import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm"
import { hasAccessSql } from "../../db/access-sql.ts"
import type { Database } from "../../db/client.ts"
import { rowsOf } from "../../db/client.ts"
import { subscriptions } from "../../db/schema-billing.ts"
import {
  notificationAnnouncements,
  notificationOptIns,
  pushSubscriptions,
} from "../../db/schema-notifications.ts"
import { accounts, profiles } from "../../db/schema.ts"
import type { PushSubscriptionBody } from "../../../../src/domain/notifications.ts"

/** The follower's opt-ins and browsers: what she chose, read and changed by her alone. */
export function createNotificationsRepository(db: Database) {
  return {
    optInOf(accountId: string, profileId: string) {
      return db
        .select({ email: notificationOptIns.email })
        .from(notificationOptIns)
        .where(
          and(
            eq(notificationOptIns.accountId, accountId),
            eq(notificationOptIns.profileId, profileId),
          ),
        )
        .then((rows) => rows[0] ?? null)
    },

    /** On, with the digest back on too (a one-click unsubscribe had turned it off). */
    optIn(accountId: string, profileId: string, now: Date) {
      return db
        .insert(notificationOptIns)
        .values({ accountId, profileId, email: true, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationOptIns.profileId, notificationOptIns.accountId],
          set: { email: true, updatedAt: now },
        })
    },

    optOut(accountId: string, profileId: string) {
      return db
        .delete(notificationOptIns)
        .where(
          and(
            eq(notificationOptIns.accountId, accountId),
            eq(notificationOptIns.profileId, profileId),
          ),
        )
    },

    /** The digest off, push kept: what the mail's unsubscribe does. Null: no opt-in there. */
    stopDigest(accountId: string, profileId: string, now: Date) {
      return db
        .update(notificationOptIns)
        .set({ email: false, updatedAt: now })
        .where(
          and(
            eq(notificationOptIns.accountId, accountId),
            eq(notificationOptIns.profileId, profileId),
          ),
        )
        .returning({ profileId: notificationOptIns.profileId })
        .then((rows) => rows[0] ?? null)
    },

    /** Whether she may be told about this creator now: her subscription gives access. */
    hasAccess(accountId: string, profileId: string, now: Date) {
      return db
        .$count(
          subscriptions,
          and(
            eq(subscriptions.accountId, accountId),
            eq(subscriptions.profileId, profileId),
            hasAccessSql(now),
          ),
        )
        .then((count) => count > 0)
    },

    /** The creators she subscribes to now, each with her choice. */
    creatorsOf(accountId: string, now: Date) {
      return db
        .select({
          username: profiles.username,
          fullName: profiles.fullName,
          enabled: sql<boolean>`${notificationOptIns.accountId} is not null`,
          email: sql<boolean>`coalesce(${notificationOptIns.email}, false)`,
        })
        .from(subscriptions)
        .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
        .leftJoin(
          notificationOptIns,
          and(
            eq(notificationOptIns.profileId, subscriptions.profileId),
            eq(notificationOptIns.accountId, accountId),
          ),
        )
        .where(
          and(
            eq(subscriptions.accountId, accountId),
            hasAccessSql(now),
            eq(profiles.banned, false),
          ),
        )
        .orderBy(asc(profiles.username))
    },

    usernameOf(profileId: string) {
      return db
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.id, profileId))
        .then((rows) => rows[0]?.username ?? null)
    },

    /**
     * A browser's subscription. Known already, it moves to this account (another signed in on
     * the same browser) only with the same keys: the browser's own secret, which whoever merely
     * learned the endpoint does not have.
     */
    savePushSubscription(accountId: string, body: PushSubscriptionBody, now: Date) {
      const keys = { p256dh: body.keys.p256dh, auth: body.keys.auth }
      return db
        .insert(pushSubscriptions)
        .values({ accountId, endpoint: body.endpoint, ...keys, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { accountId },
          setWhere: and(
            eq(pushSubscriptions.p256dh, keys.p256dh),
            eq(pushSubscriptions.auth, keys.auth),
          ),
        })
    },

    removePushSubscription(accountId: string, endpoint: string) {
      return db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.endpoint, endpoint)),
        )
    },
  }
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>

/** The fan-out's queries: announcing new content, and walking its recipients by batches. */
export function createFanOutRepository(db: Database) {
  return {
    /**
     * Marks every published, unannounced photo and story as announced and records one
     * announcement per creator, in one statement: a replica running it at the same moment waits
     * on the same rows and then finds them announced, so each is announced once.
     */
    announceNew(now: Date) {
      const at = now.toISOString()
      return rowsOf<{ id: string }>(
        db,
        sql`with m as (
              update medias set announced_at = ${at}
               where scheduled_for is null and announced_at is null
              returning profile_id),
            s as (
              update stories set announced_at = ${at}
               where scheduled_for is null and announced_at is null
              returning profile_id)
            insert into notification_announcements (profile_id, items, created_at)
            select profile_id, count(*), ${at}::timestamptz
              from (select profile_id from m union all select profile_id from s) news
             group by profile_id
            returning id`,
      )
    },

    /** Announcements still reaching their recipients, oldest first, with the creator's name. */
    open(limit: number) {
      return db
        .select({
          id: notificationAnnouncements.id,
          profileId: notificationAnnouncements.profileId,
          cursor: notificationAnnouncements.cursor,
          username: profiles.username,
          banned: profiles.banned,
        })
        .from(notificationAnnouncements)
        .innerJoin(profiles, eq(profiles.id, notificationAnnouncements.profileId))
        .where(isNull(notificationAnnouncements.finishedAt))
        .orderBy(asc(notificationAnnouncements.createdAt), asc(notificationAnnouncements.id))
        .limit(limit)
    },

    /** The next opted-in followers with access after `cursor`, in account id order. */
    recipientsAfter(profileId: string, cursor: string | null, size: number, now: Date) {
      return db
        .select({
          accountId: notificationOptIns.accountId,
          email: notificationOptIns.email,
          address: accounts.email,
        })
        .from(notificationOptIns)
        .innerJoin(
          subscriptions,
          and(
            eq(subscriptions.accountId, notificationOptIns.accountId),
            eq(subscriptions.profileId, notificationOptIns.profileId),
          ),
        )
        .innerJoin(accounts, eq(accounts.id, notificationOptIns.accountId))
        .where(
          and(
            eq(notificationOptIns.profileId, profileId),
            cursor ? gt(notificationOptIns.accountId, cursor) : undefined,
            hasAccessSql(now),
            isNull(accounts.closedAt),
          ),
        )
        .orderBy(asc(notificationOptIns.accountId))
        .limit(size)
    },

    /**
     * Moves the cursor past a batch, only if nobody moved it since it was read: the batch is then
     * this process's alone. Finished when the batch was the last.
     */
    claimBatch(
      announcement: { id: string; cursor: string | null },
      batch: { last: string | null; count: number; finished: boolean },
      now: Date,
    ) {
      const { cursor } = announcement
      return db
        .update(notificationAnnouncements)
        .set({
          cursor: batch.last ?? cursor,
          reached: sql`${notificationAnnouncements.reached} + ${batch.count}`,
          finishedAt: batch.finished ? now : null,
        })
        .where(
          and(
            eq(notificationAnnouncements.id, announcement.id),
            isNull(notificationAnnouncements.finishedAt),
            cursor
              ? eq(notificationAnnouncements.cursor, cursor)
              : isNull(notificationAnnouncements.cursor),
          ),
        )
        .returning({ id: notificationAnnouncements.id })
        .then((rows) => rows.length === 1)
    },

    /** Ends an announcement nobody is to hear (a banned creator's). */
    finish(id: string, now: Date) {
      return db
        .update(notificationAnnouncements)
        .set({ finishedAt: now })
        .where(eq(notificationAnnouncements.id, id))
    },

    /**
     * Takes today's digest for these followers of the creator: only those with the digest on who
     * got none today are returned, and from then on they are marked for today.
     */
    claimDigests(profileId: string, accountIds: string[], day: string, now: Date) {
      if (!accountIds.length) return Promise.resolve([])
      return db
        .update(notificationOptIns)
        .set({ lastDigestDay: day, updatedAt: now })
        .where(
          and(
            eq(notificationOptIns.profileId, profileId),
            inArray(notificationOptIns.accountId, accountIds),
            eq(notificationOptIns.email, true),
            sql`(${notificationOptIns.lastDigestDay} is null or ${notificationOptIns.lastDigestDay} < ${day}::date)`,
          ),
        )
        .returning({ accountId: notificationOptIns.accountId })
    },

    pushTargetsOf(accountIds: string[]) {
      if (!accountIds.length) return Promise.resolve([])
      return db
        .select({
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.accountId, accountIds))
    },

    /** A push service answered 404/410: that browser's subscription is no more. */
    dropPushEndpoint(endpoint: string) {
      return db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    },
  }
}
export type FanOutRepository = ReturnType<typeof createFanOutRepository>
