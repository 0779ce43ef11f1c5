import type { LocalWrites } from "../db/local-writes.ts"

/**
 * Who-may-see-what reads, asked again by every request of a page (its photos, stories and
 * highlights at once) and of a launch.
 * - Everywhere: identical reads in flight together make one trip to the database. A request
 *   that joins one gets rows read after it was sent, less than a round trip before it arrived.
 * - On the embedded PGlite of one process (`LocalWrites`), where every writer is known: a read
 *   is answered from memory while nothing was written since it was made, for at most `ttlMs`
 *   (which also bounds what the clock could change). On PostgreSQL other replicas write unseen,
 *   so nothing is kept past the trip.
 * Off when `ttlMs` is 0.
 */
export interface UnwrittenMemo {
  get<V>(key: string, load: () => Promise<V>): Promise<V>
}

export function createUnwrittenMemo(options: {
  writes: LocalWrites | undefined
  ttlMs: number
  maxEntries: number
  now?: () => number
}): UnwrittenMemo {
  const { writes, ttlMs, maxEntries } = options
  if (ttlMs <= 0) return { get: (_key, load) => load() }
  const inFlight = new Map<string, Promise<unknown>>()
  const shared = <V>(key: string, load: () => Promise<V>): Promise<V> => {
    const joined = inFlight.get(key)
    if (joined) return joined as Promise<V>
    const trip = load().finally(() => inFlight.delete(key))
    inFlight.set(key, trip)
    return trip
  }
  if (!writes) return { get: shared }
  const now = options.now ?? Date.now
  const entries = new Map<string, { value: unknown; generation: number; expiresAt: number }>()
  return {
    async get<V>(key: string, load: () => Promise<V>) {
      const hit = entries.get(key)
      if (hit && hit.generation === writes.generation() && hit.expiresAt > now())
        return hit.value as V
      entries.delete(key)
      const before = writes.generation()
      const value = await shared(key, load)
      // Kept only when no write started or ended while it was read.
      if (writes.generation() === before) {
        entries.set(key, { value, generation: before, expiresAt: now() + ttlMs })
        // Maps iterate in insertion order: the first key is the oldest entry.
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
      }
      return value
    },
  }
}
