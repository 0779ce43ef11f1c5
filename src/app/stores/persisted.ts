import { useSyncExternalStore } from "react"

/**
 * A tiny store persisted in localStorage under one key. The spec names the keys (`auth`,
 * `accessToken`, `seen`), so they are stable across releases. A broken or foreign value is
 * ignored rather than crashing the app.
 */
export type PersistedStore<T> = {
  get(): T
  set(next: T | ((current: T) => T)): void
  reset(): void
  subscribe(listener: () => void): () => void
  /** The value with nothing stored, which a page rendered on the server was drawn with. */
  initial(): T
}

/**
 * The stores created with `forgetOnSignOut`, whichever chunks created them so far: signing out
 * empties them without importing each store (and the code of its page) into the first paint. A
 * store whose chunk loads later reads local storage, which signing out has cleared.
 */
const signedInStores = new Set<PersistedStore<unknown>>()

/** Empties in memory every store of the signed-in person's data (local storage is cleared apart). */
export function resetSignedInStores(): void {
  for (const store of signedInStores) store.reset()
}

export function createPersistedStore<T>(
  key: string,
  initial: T,
  parse: (raw: unknown) => T | null,
  options: { forgetOnSignOut?: boolean } = {},
): PersistedStore<T> {
  const listeners = new Set<() => void>()
  // Read on first use, not when the module loads: the stores are created as the first-load
  // code is evaluated, and local storage's first read there made that one task longer.
  let value: T | undefined
  let loaded = false
  const current = (): T => {
    if (!loaded) {
      value = read()
      loaded = true
    }
    return value as T
  }

  function read(): T {
    if (typeof window === "undefined") return initial
    try {
      const raw = window.localStorage.getItem(key)
      if (raw === null) return initial
      return parse(JSON.parse(raw)) ?? initial
    } catch {
      return initial
    }
  }

  function emit() {
    for (const listener of listeners) listener()
  }

  // The server renders pages too, where there is no window and nothing stored.
  if (typeof window !== "undefined")
    window.addEventListener("storage", (event) => {
      if (event.key === key || event.key === null) {
        value = read()
        loaded = true
        emit()
      }
    })

  const store: PersistedStore<T> = {
    get: current,
    set(next) {
      value = typeof next === "function" ? (next as (current: T) => T)(current()) : next
      loaded = true
      try {
        window.localStorage.setItem(key, JSON.stringify(value))
      } catch {
        // Private mode or a full quota: the value still lives in memory for this visit.
      }
      emit()
    },
    reset() {
      value = initial
      loaded = true
      emit()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    initial: () => initial,
  }
  if (options.forgetOnSignOut) signedInStores.add(store as PersistedStore<unknown>)
  return store
}

/**
 * The store's value. Hydrating a server-rendered page first draws what the server drew (nothing
 * stored), then React renders again with what this browser has stored.
 */
export function useStore<T>(store: PersistedStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.initial)
}
