import { createHash } from "node:crypto"
import { and, eq, isNull, lt } from "drizzle-orm"
import type { Database } from "../../db/client.ts"
import { idempotencyKeys } from "../../db/schema-billing.ts"
import { BadRequestError, ConflictError, ValidationError } from "../../errors.ts"
import {
  idempotencyInProgressMessage,
  idempotencyKeyMessage,
  idempotencyReusedMessage,
} from "../payments/billing-messages.ts"

export const idempotencyHeader = "idempotency-key"
/** Keys are kept this long; a retry later than that is a new request. */
export const idempotencyTtlMs = 24 * 60 * 60_000
/**
 * A claim still running after this long belongs to a process that died mid-request (gateway
 * calls time out well before): a retry takes it over instead of waiting a day for the sweep.
 */
export const idempotencyAbandonedMs = 20_000

const keyPattern = /^[A-Za-z0-9_.:-]{8,100}$/

const fingerprint = (value: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(value ?? null))
    .digest("hex")

/**
 * Stripe's model: the first answer to a key is stored and replayed; the same key with other
 * parameters is refused; a key still running answers 409. What is stored is a small record to
 * rebuild the answer from (never a password or a token).
 */
/** What an execution knows about the attempts before it. */
export interface Attempt {
  /** This call takes over the claim of a process that died mid-request. */
  resumed: boolean
  /** What that attempt noted before it died (see `note`), or null. */
  earlier: unknown
  /** Notes what this attempt created, for a retry that takes over if it dies. */
  note(partial: unknown): Promise<void>
}

const noAttempt: Attempt = { resumed: false, earlier: null, note: async () => {} }

export function createIdempotency(db: Database, now: () => Date) {
  return {
    async run<Result, Stored>(
      options: { scope: string; key: string | undefined; request: unknown },
      execute: (attempt: Attempt) => Promise<{ result: Result; stored: Stored }>,
      replay: (stored: Stored) => Promise<Result>,
    ): Promise<Result> {
      if (options.key === undefined) return (await execute(noAttempt)).result
      if (!keyPattern.test(options.key))
        throw new BadRequestError(
          idempotencyKeyMessage,
          "invalid_idempotency_key",
          idempotencyHeader,
        )
      const hash = fingerprint(options.request)
      const where = and(
        eq(idempotencyKeys.scope, options.scope),
        eq(idempotencyKeys.key, options.key),
      )
      let [claimed]: Array<{ key: string; response?: unknown }> = await db
        .insert(idempotencyKeys)
        .values({ scope: options.scope, key: options.key, requestHash: hash, createdAt: now() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      const resumed = !claimed
      if (!claimed)
        // One conditional update: of several retries racing for an abandoned claim, one wins.
        [claimed] = await db
          .update(idempotencyKeys)
          .set({ createdAt: now() })
          .where(
            and(
              where,
              eq(idempotencyKeys.requestHash, hash),
              isNull(idempotencyKeys.completedAt),
              lt(idempotencyKeys.createdAt, new Date(now().getTime() - idempotencyAbandonedMs)),
            ),
          )
          .returning({ key: idempotencyKeys.key, response: idempotencyKeys.response })
      if (!claimed) {
        const [existing] = await db.select().from(idempotencyKeys).where(where)
        if (!existing)
          throw new ConflictError(idempotencyInProgressMessage, "idempotency_in_progress")
        if (existing.requestHash !== hash)
          throw new ValidationError(idempotencyReusedMessage, "idempotency_key_reused")
        if (!existing.completedAt)
          throw new ConflictError(idempotencyInProgressMessage, "idempotency_in_progress")
        return replay(existing.response as Stored)
      }
      const attempt: Attempt = {
        resumed,
        earlier: resumed ? (claimed.response ?? null) : null,
        note: async (partial) => {
          await db
            .update(idempotencyKeys)
            .set({ response: partial })
            .where(and(where, isNull(idempotencyKeys.completedAt)))
        },
      }
      try {
        const { result, stored } = await execute(attempt)
        await db
          .update(idempotencyKeys)
          .set({ statusCode: 200, response: stored, completedAt: now() })
          .where(where)
        return result
      } catch (error) {
        // A failed attempt stores nothing: the client may retry with the same key.
        await db.delete(idempotencyKeys).where(where)
        throw error
      }
    },

    async sweep() {
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(now().getTime() - idempotencyTtlMs)))
    },
  }
}

export type Idempotency = ReturnType<typeof createIdempotency>
