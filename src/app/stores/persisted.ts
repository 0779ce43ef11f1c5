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
}

export function createPersistedStore<T>(
  key: string,
  initial: T,
  parse: (raw: unknown) => T | null,
): PersistedStore<T> {
  const listeners = new Set<() => void>()
  let value = read()

  function read(): T {
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

  window.addEventListener("storage", (event) => {
    if (event.key === key || event.key === null) {
      value = read()
      emit()
    }
  })

  return {
    get: () => value,
    set(next) {
      value = typeof next === "function" ? (next as (current: T) => T)(value) : next
      try {
        window.localStorage.setItem(key, JSON.stringify(value))
      } catch {
        // Private mode or a full quota: the value still lives in memory for this visit.
      }
      emit()
    },
    reset() {
      value = initial
      emit()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export function useStore<T>(store: PersistedStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
