/**
 * A small per-process cache for public reads that every visitor of a creator's page repeats.
 * It keeps promises, so a burst of identical misses makes one database trip; a rejected load is
 * forgotten at once. Losing it is harmless: replicas each keep their own for a few seconds.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>
  /**
   * The value itself when a fresh one has already arrived, else what `get` gives: a hit on a
   * hot read then costs no promise and no microtask.
   */
  getNow(key: string, load: () => Promise<V>): V | Promise<V>
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
  const entries = new Map<string, Entry<V>>()
  const cache: TtlCache<V> = {
    get(key, load) {
      const hit = entries.get(key)
      if (hit && hit.expiresAt > now()) return hit.value
      if (hit) entries.delete(key)
      const value = load()
      const entry: Entry<V> = { value, expiresAt: now() + options.ttlMs, arrived: false }
      entries.set(key, entry)
      value.then(
        (result) => {
          entry.arrived = true
          entry.result = result
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key)
        },
      )
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!)
      return value
    },
    getNow(key, load) {
      const hit = entries.get(key)
      return hit?.arrived && hit.expiresAt > now() ? (hit.result as V) : cache.get(key, load)
    },
    delete(key) {
      entries.delete(key)
    },
    deleteWhere(test) {
      for (const key of entries.keys()) if (test(key)) entries.delete(key)
    },
  }
  return cache
}

interface Entry<V> {
  value: Promise<V>
  expiresAt: number
  /** Whether `value` has resolved, to `result`. */
  arrived: boolean
  result?: V
}
