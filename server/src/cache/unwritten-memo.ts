import type { LocalWrites } from "../db/local-writes.ts"

/**
 * Reads answered from memory while nothing was written since they were made, for at most
 * `ttlMs` (which also bounds what the clock could change). Only where every writer is known:
 * the embedded PGlite of one process (`LocalWrites`); on PostgreSQL other replicas write
 * unseen, so there `load` runs every time.
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
  if (!writes || ttlMs <= 0) return { get: (_key, load) => load() }
  const now = options.now ?? Date.now
  const entries = new Map<string, { value: unknown; generation: number; expiresAt: number }>()
  return {
    async get<V>(key: string, load: () => Promise<V>) {
      const hit = entries.get(key)
      if (hit && hit.generation === writes.generation() && hit.expiresAt > now())
        return hit.value as V
      entries.delete(key)
      const before = writes.generation()
      const value = await load()
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
