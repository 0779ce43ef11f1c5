import { and, eq, gt, isNull, lt, sql } from "drizzle-orm"
import { rowsOf, type Executor } from "../../db/client.ts"
import { accounts, refreshTokens, sessionFamilies } from "../../db/schema.ts"

export type RefreshTokenRow = typeof refreshTokens.$inferSelect
export type SessionFamilyRow = typeof sessionFamilies.$inferSelect

export function createSessionsRepository(db: Executor) {
  return {
    /**
     * A new session: drops the account's expired families and inserts a family with its first
     * token, in one statement (one round trip, atomic without a transaction of its own). Returns
     * the family's id.
     */
    async startFamily(values: {
      accountId: string
      tokenVersion: number
      tokenHash: string
      now: Date
      expiresAt: Date
    }) {
      const now = values.now.toISOString()
      const expiresAt = values.expiresAt.toISOString()
      const [row] = await rowsOf<{ family_id: string }>(
        db,
        sql`
        with pruned as (
          delete from session_families
          where account_id = ${values.accountId} and expires_at < ${now}::timestamptz
        ),
        family as (
          insert into session_families (account_id, token_version, created_at, expires_at)
          values (${values.accountId}, ${values.tokenVersion}, ${now}::timestamptz, ${expiresAt}::timestamptz)
          returning id
        )
        insert into refresh_tokens (family_id, token_hash, created_at, expires_at)
        select id, ${values.tokenHash}, ${now}::timestamptz, ${expiresAt}::timestamptz from family
        returning family_id`,
      )
      if (!row) throw new Error("session family not started")
      return row.family_id
    },

    async insertToken(values: { familyId: string; tokenHash: string; now: Date; expiresAt: Date }) {
      await db.insert(refreshTokens).values({
        familyId: values.familyId,
        tokenHash: values.tokenHash,
        createdAt: values.now,
        expiresAt: values.expiresAt,
      })
    },

    async findToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
      return row ?? null
    },

    /**
     * The family with its row locked until the transaction ends: a rotation, a reuse and a
     * logout of one family happen one after another, never interleaved.
     */
    async lockFamily(id: string) {
      const [row] = await db
        .select()
        .from(sessionFamilies)
        .where(eq(sessionFamilies.id, id))
        .for("update")
      return row ?? null
    },

    /** The token as it is now that its family is locked (another request may have spent it). */
    async tokenById(id: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id))
      return row ?? null
    },

    async markUsed(tokenId: string, now: Date) {
      await db.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, tokenId))
    },

    async slideFamily(id: string, expiresAt: Date) {
      await db.update(sessionFamilies).set({ expiresAt }).where(eq(sessionFamilies.id, id))
    },

    async revokeFamily(id: string, now: Date) {
      await db
        .update(sessionFamilies)
        .set({ revokedAt: now })
        .where(and(eq(sessionFamilies.id, id), isNull(sessionFamilies.revokedAt)))
    },

    async revokeAccountFamilies(accountId: string, now: Date) {
      await db
        .update(sessionFamilies)
        .set({ revokedAt: now })
        .where(and(eq(sessionFamilies.accountId, accountId), isNull(sessionFamilies.revokedAt)))
    },

    /**
     * The account of a session still alive at `now` (neither revoked, expired nor outlived by a
     * new token version, the account still open), as a reader's pass names it; null otherwise.
     */
    async liveFamilyAccount(familyId: string, accountId: string, now: Date) {
      const [row] = await db
        .select({ id: accounts.id, role: accounts.role, tokenVersion: accounts.tokenVersion })
        .from(sessionFamilies)
        .innerJoin(accounts, eq(accounts.id, sessionFamilies.accountId))
        .where(
          and(
            eq(sessionFamilies.id, familyId),
            eq(sessionFamilies.accountId, accountId),
            isNull(sessionFamilies.revokedAt),
            gt(sessionFamilies.expiresAt, now),
            eq(accounts.tokenVersion, sessionFamilies.tokenVersion),
            isNull(accounts.closedAt),
          ),
        )
      return row ?? null
    },

    /** What a refresh needs of the account: who it is now, and whether it may still sign in. */
    async account(id: string) {
      const [row] = await db
        .select({
          id: accounts.id,
          role: accounts.role,
          tokenVersion: accounts.tokenVersion,
          closedAt: accounts.closedAt,
        })
        .from(accounts)
        .where(eq(accounts.id, id))
      return row ?? null
    },

    /** Ends every token issued to the account so far; returns the new version. */
    async bumpTokenVersion(accountId: string, now: Date) {
      const [row] = await db
        .update(accounts)
        .set({ tokenVersion: sql`${accounts.tokenVersion} + 1`, updatedAt: now })
        .where(eq(accounts.id, accountId))
        .returning({ tokenVersion: accounts.tokenVersion })
      return row?.tokenVersion ?? null
    },

    /** A family's spent tokens whose own lifetime is over: nobody can present them any more. */
    async pruneTokens(familyId: string, now: Date) {
      await db
        .delete(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), lt(refreshTokens.expiresAt, now)))
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
