import fastifyRateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit"
import type { FastifyInstance } from "fastify"
import type { Clock } from "../clock.ts"
import type { Database } from "../db/client.ts"
import { TooManyRequestsError } from "../errors.ts"
import { createRateLimitRepository } from "./rate-limit.repository.ts"

export const tooManyRequestsMessage = "Muitas tentativas. Aguarde alguns minutos e tente novamente."

export interface RateLimitCounter {
  /** Counts one hit on `key` in a fixed window and returns the count so far and the ms left. */
  hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }>
  /** Throws 429 when `key` has been hit more than `max` times in the window. */
  consume(key: string, max: number, windowMs: number): Promise<void>
  /** The count and ms left of `key`'s open window, without counting a hit; null when none is open. */
  peek(key: string): Promise<{ current: number; ttl: number } | null>
  /** Forgets `key`: its next hit opens a new window. */
  reset(key: string): Promise<void>
}

/** Counters live in the database so every replica behind the load balancer shares them. */
export function createRateLimitCounter(db: Database, clock: Clock): RateLimitCounter {
  const repo = createRateLimitRepository(db)
  let hitsSinceSweep = 0
  const hit = async (key: string, windowMs: number) => {
    const now = clock.now()
    const row = await repo.hit(key, now, windowMs)
    if (++hitsSinceSweep >= 500) {
      hitsSinceSweep = 0
      await repo.sweep(now)
    }
    return { current: row.count, ttl: Math.max(0, row.expiresAt.getTime() - now.getTime()) }
  }
  return {
    hit,
    async peek(key) {
      const now = clock.now()
      const row = await repo.open(key, now)
      return row ? { current: row.count, ttl: row.expiresAt.getTime() - now.getTime() } : null
    },
    reset: (key) => repo.forget(key),
    async consume(key, max, windowMs) {
      const { current, ttl } = await hit(key, windowMs)
      if (current > max)
        throw new TooManyRequestsError(
          tooManyRequestsMessage,
          "too_many_requests",
          Math.ceil(ttl / 1000),
        )
    },
  }
}

function storeFor(counter: RateLimitCounter, prefix = ""): FastifyRateLimitStore {
  return {
    incr(key, callback, timeWindow) {
      counter.hit(`${prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      )
    },
    child(routeOptions) {
      // @fastify/rate-limit 11 hands over the merged options with the route under `routeInfo`;
      // without it every limited route would share one counter per address.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo
      return storeFor(counter, `${route?.method ?? "?"}:${route?.url ?? "?"}:`)
    },
  }
}

/** Per-IP limits declared on routes with `config.rateLimit`; per-e-mail limits use `consume`. */
export async function registerRateLimits(app: FastifyInstance, counter: RateLimitCounter) {
  await app.register(fastifyRateLimit, {
    global: false,
    store: class {
      constructor() {
        return storeFor(counter)
      }
    } as never,
    keyGenerator: (request) => `ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(
        tooManyRequestsMessage,
        "too_many_requests",
        Math.ceil(context.ttl / 1000),
      ),
  })
}
