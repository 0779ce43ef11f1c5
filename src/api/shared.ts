import { mutate, unstable_serialize } from "swr"

type Key = readonly unknown[]

const inflight = new Map<string, Promise<unknown>>()

/**
 * One request per cache key at a time: a route loader and a hook that ask for the same data
 * together share the request instead of sending two.
 */
export function shared<T>(key: Key, run: () => Promise<T>): Promise<T> {
  const id = unstable_serialize(key)
  const running = inflight.get(id)
  if (running) return running as Promise<T>
  const request = run().finally(() => inflight.delete(id))
  inflight.set(id, request)
  return request
}

/**
 * Fetches now and stores the answer in the SWR cache, so the page a route loader opens renders
 * with it at once (the hooks of primed keys do not refetch on mount).
 */
export async function prime<T>(key: Key, run: () => Promise<T>): Promise<T> {
  const data = await shared(key, run)
  await mutate(key, data, { revalidate: false })
  return data
}

/** Starts loading in the background; a failure is left for the page's hook to show. */
export function prefetch<T>(key: Key, run: () => Promise<T>): void {
  prime(key, run).catch(() => undefined)
}

const PUBLIC_KEYS = new Set(["profile", "stats"])
const isPublic = (key: unknown) => Array.isArray(key) && PUBLIC_KEYS.has(key[0])

/**
 * Logout: forgets every answer given to the previous viewer and reloads the public ones
 * (profile and stats) in place, so the open page keeps working while they refresh.
 */
export async function resetCache(): Promise<void> {
  await mutate((key) => !isPublic(key), undefined, { revalidate: false })
  await mutate(isPublic)
}
