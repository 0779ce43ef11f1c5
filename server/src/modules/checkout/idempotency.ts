import { createHash } from "node:crypto"
import { BadRequestError, ConflictError, ValidationError } from "../../errors.ts"
import {
  idempotencyInProgressMessage,
  idempotencyKeyMessage,
  idempotencyReusedMessage,
} from "../../shared/billing-messages.ts"
import type { IdempotencyRepository } from "./idempotency.repository.ts"

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

/**
 * Stripe's model: the first answer to a key is stored and replayed; the same key with other
 * parameters is refused; a key still running answers 409. What is stored is a small record to
 * rebuild the answer from (never a password or a token).
 */
export function createIdempotency(deps: { repo: IdempotencyRepository; now: () => Date }) {
  const { repo, now } = deps
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
      const ref = { scope: options.scope, key: options.key }
      let claimed: { response?: unknown } | null = (await repo.claim(ref, hash, now())) ? {} : null
      const resumed = !claimed
      if (!claimed)
        claimed = await repo.takeOver(
          ref,
          hash,
          new Date(now().getTime() - idempotencyAbandonedMs),
          now(),
        )
      if (!claimed) {
        const existing = await repo.find(ref)
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
        note: (partial) => repo.note(ref, partial),
      }
      try {
        const { result, stored } = await execute(attempt)
        await repo.complete(ref, stored, now())
        return result
      } catch (error) {
        // A failed attempt stores nothing: the client may retry with the same key.
        await repo.release(ref)
        throw error
      }
    },

    async sweep() {
      await repo.deleteCreatedBefore(new Date(now().getTime() - idempotencyTtlMs))
    },
  }
}

export type Idempotency = ReturnType<typeof createIdempotency>
