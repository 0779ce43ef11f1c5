import { and, eq, gt, lt, sql } from "drizzle-orm"
import type { Database } from "../db/client.ts"
import { rateLimits } from "../db/schema.ts"

/** The rate limits' fixed windows, one row per key, shared by every replica. */
export function createRateLimitRepository(db: Database) {
  return {
    /** Counts one hit on `key`, opening a new window when the old one has ended. */
    async hit(key: string, now: Date, windowMs: number) {
      const nowSql = sql`${now.toISOString()}::timestamptz`
      const expiresSql = sql`${new Date(now.getTime() + windowMs).toISOString()}::timestamptz`
      const expired = sql`${rateLimits.expiresAt} <= ${nowSql}`
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStart: now, expiresAt: new Date(now.getTime() + windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN ${nowSql} ELSE ${rateLimits.windowStart} END`,
            expiresAt: sql`CASE WHEN ${expired} THEN ${expiresSql} ELSE ${rateLimits.expiresAt} END`,
          },
        })
        .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
      return row!
    },

    /** Deletes the windows that ended before `now`. */
    async sweep(now: Date) {
      await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now))
    },

    /** `key`'s window if it is still open at `now`. */
    async open(key: string, now: Date) {
      const [row] = await db
        .select({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, now)))
      return row ?? null
    },

    async forget(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key))
    },
  }
}
