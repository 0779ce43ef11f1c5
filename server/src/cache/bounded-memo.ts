/**
 * Remembers what a pure function gave for an id, up to `maxEntries` ids (the oldest forgotten
 * first). For work that is the same every time, like signing the same URL until it changes.
 */
export function createBoundedMemo<V>(maxEntries: number) {
  const entries = new Map<string, V>()
  return {
    get(id: string, compute: () => V): V {
      const known = entries.get(id)
      if (known !== undefined) return known
      const value = compute()
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(id, value)
      return value
    },
  }
}
