import { and, eq, isNull, lt, sql } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { accounts, refreshTokens, sessionFamilies } from "../../db/schema.ts"

export type RefreshTokenRow = typeof refreshTokens.$inferSelect
export type SessionFamilyRow = typeof sessionFamilies.$inferSelect

export function createSessionsRepository(db: Executor) {
  return {
    async insertFamily(values: {
      accountId: string
      tokenVersion: number
      now: Date
      expiresAt: Date
    }) {
      const [row] = await db
        .insert(sessionFamilies)
        .values({
          accountId: values.accountId,
          tokenVersion: values.tokenVersion,
          createdAt: values.now,
          expiresAt: values.expiresAt,
        })
        .returning({ id: sessionFamilies.id })
      return row!.id
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

    /** The account's families that expired (their tokens go with them). */
    async pruneFamilies(accountId: string, now: Date) {
      await db
        .delete(sessionFamilies)
        .where(and(eq(sessionFamilies.accountId, accountId), lt(sessionFamilies.expiresAt, now)))
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
