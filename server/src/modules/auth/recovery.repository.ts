import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { recoveryCodes } from "../../db/schema.ts"

export function createRecoveryRepository(db: Executor) {
  return {
    /** A new code replaces any earlier one still open for the account. */
    async replaceCode(values: { accountId: string; codeHash: string; expiresAt: Date; now: Date }) {
      await db
        .update(recoveryCodes)
        .set({ usedAt: values.now })
        .where(and(eq(recoveryCodes.accountId, values.accountId), isNull(recoveryCodes.usedAt)))
      await db.insert(recoveryCodes).values({
        accountId: values.accountId,
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        createdAt: values.now,
      })
    },
    async latestOpenCode(accountId: string) {
      const [row] = await db
        .select()
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)))
        .orderBy(desc(recoveryCodes.createdAt))
        .limit(1)
      return row ?? null
    },
    /** Counts one try atomically; null when the tries are used up. */
    async countAttempt(id: string, maxAttempts: number) {
      const [row] = await db
        .update(recoveryCodes)
        .set({ attempts: sql`${recoveryCodes.attempts} + 1` })
        .where(and(eq(recoveryCodes.id, id), lt(recoveryCodes.attempts, maxAttempts)))
        .returning({ attempts: recoveryCodes.attempts })
      return row?.attempts ?? null
    },
    /** Consumes the code (single use) and attaches the token that allows one password change. */
    async acceptCode(id: string, values: { tokenHash: string; tokenExpiresAt: Date; now: Date }) {
      const [row] = await db
        .update(recoveryCodes)
        .set({
          usedAt: values.now,
          tokenHash: values.tokenHash,
          tokenExpiresAt: values.tokenExpiresAt,
        })
        .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id })
      return row !== undefined
    },
    /** Marks the token used; false when it is unknown, used or expired. */
    async consumeToken(accountId: string, tokenHash: string, now: Date) {
      const [row] = await db
        .update(recoveryCodes)
        .set({ tokenUsedAt: now })
        .where(
          and(
            eq(recoveryCodes.accountId, accountId),
            eq(recoveryCodes.tokenHash, tokenHash),
            isNull(recoveryCodes.tokenUsedAt),
            gt(recoveryCodes.tokenExpiresAt, now),
          ),
        )
        .returning({ id: recoveryCodes.id })
      return row !== undefined
    },
  }
}
