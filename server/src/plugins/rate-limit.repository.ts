import { and, eq, gt, lt, sql } from "drizzle-orm"
import type { Database } from "../db/client.ts"
import { rateLimits } from "../db/schema.ts"

/**
 * Counts one hit on a key, opening a new window when the old one has ended. Every limited
 * request sends it (a checkout twice): prepared once, so it is neither built nor planned again.
 */
const prepareHit = (db: Database) => {
  const nowSql = sql`${sql.placeholder("now")}::timestamptz`
  const expiresSql = sql`${sql.placeholder("expiresAt")}::timestamptz`
  const expired = sql`${rateLimits.expiresAt} <= ${nowSql}`
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), count: 1, windowStart: nowSql, expiresAt: expiresSql })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${nowSql} ELSE ${rateLimits.windowStart} END`,
        expiresAt: sql`CASE WHEN ${expired} THEN ${expiresSql} ELSE ${rateLimits.expiresAt} END`,
      },
    })
    .returning({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
    .prepare("rate_limit_hit")
}

/** The rate limits' fixed windows, one row per key, shared by every replica. */
export function createRateLimitRepository(db: Database) {
  let hitStatement: ReturnType<typeof prepareHit> | undefined
  return {
    /** Counts one hit on `key`, opening a new window when the old one has ended. */
    async hit(key: string, now: Date, windowMs: number) {
      hitStatement ??= prepareHit(db)
      const [row] = await hitStatement.execute({
        key,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + windowMs).toISOString(),
      })
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
