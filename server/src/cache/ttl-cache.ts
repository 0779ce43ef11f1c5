/**
 * A small per-process cache for public reads that every visitor of a creator's page repeats.
 * It keeps promises, so a burst of identical misses makes one database trip; a rejected load is
 * forgotten at once. Losing it is harmless: replicas each keep their own for a few seconds.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>
  delete(key: string): void
  /** Forgets every entry whose key passes `test`. */
  deleteWhere(test: (key: string) => boolean): void
}

export function createTtlCache<V>(options: {
  ttlMs: number
  maxEntries: number
  now?: () => number
}): TtlCache<V> {
  const now = options.now ?? Date.now
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>()
  return {
    get(key, load) {
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now()) return hit.value
      if (hit) entries.delete(key)
      const value = load()
      entries.set(key, { value, expiresAt: now() + options.ttlMs })
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key)
      })
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!)
      return value
    },
    delete(key) {
      entries.delete(key)
    },
    deleteWhere(test) {
      for (const key of entries.keys()) if (test(key)) entries.delete(key)
    },
  }
}
