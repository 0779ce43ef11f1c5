/**
 * How this process's caches of public reads (the profile's answers, the server-drawn pages)
 * hear that what visitors see of a creator has changed: her profile edited, her ban or its
 * end. This replica shows the change at once; others within PUBLIC_CACHE_MS.
 */
export interface CreatorChanges {
  /** Registers a cache's way of forgetting what it holds of a creator. */
  subscribe(forget: (username: string) => void): void
  /** Tells every cache that the creator with this username changed. */
  changed(username: string): void
}

export function createCreatorChanges(): CreatorChanges {
  const listeners: Array<(username: string) => void> = []
  return {
    subscribe(forget) {
      listeners.push(forget)
    },
    changed(username) {
      for (const forget of listeners) forget(username)
    },
  }
}
