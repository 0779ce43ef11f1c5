import { and, eq, isNull, lt } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { idempotencyKeys } from "../../db/schema-billing.ts"

/** One idempotency key of one scope (a purchase route). */
export interface KeyRef {
  scope: string
  key: string
}

/** Drizzle queries of the idempotency keys: the claim of a request and its stored answer. */
export function createIdempotencyRepository(db: Executor) {
  const where = ({ scope, key }: KeyRef) =>
    and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))
  return {
    /** Claims a new key; false when it is already there. */
    async claim(ref: KeyRef, requestHash: string, createdAt: Date) {
      const [claimed] = await db
        .insert(idempotencyKeys)
        .values({ ...ref, requestHash, createdAt })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      return !!claimed
    },

    /**
     * Takes over a claim of the same request never completed and made before `abandonedBefore`,
     * in one conditional update: of several retries racing for it, one wins. Null when none did.
     */
    async takeOver(ref: KeyRef, requestHash: string, abandonedBefore: Date, createdAt: Date) {
      const [claimed] = await db
        .update(idempotencyKeys)
        .set({ createdAt })
        .where(
          and(
            where(ref),
            eq(idempotencyKeys.requestHash, requestHash),
            isNull(idempotencyKeys.completedAt),
            lt(idempotencyKeys.createdAt, abandonedBefore),
          ),
        )
        .returning({ key: idempotencyKeys.key, response: idempotencyKeys.response })
      return claimed ?? null
    },

    async find(ref: KeyRef) {
      const [existing] = await db.select().from(idempotencyKeys).where(where(ref))
      return existing ?? null
    },

    /** Notes what a running attempt created, unless it completed meanwhile. */
    async note(ref: KeyRef, partial: unknown) {
      await db
        .update(idempotencyKeys)
        .set({ response: partial })
        .where(and(where(ref), isNull(idempotencyKeys.completedAt)))
    },

    async complete(ref: KeyRef, stored: unknown, completedAt: Date) {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: 200, response: stored, completedAt })
        .where(where(ref))
    },

    async release(ref: KeyRef) {
      await db.delete(idempotencyKeys).where(where(ref))
    },

    async deleteCreatedBefore(before: Date) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before))
    },
  }
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>
