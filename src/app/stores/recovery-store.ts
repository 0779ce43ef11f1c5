import { useSyncExternalStore } from "react"

/**
 * Recover-password state of spec §3: the e-mail the code went to and the token the code buys.
 * Kept in memory only: a recovery token should not outlive the tab.
 */
export type RecoveryState = { email: string | null; recoveryToken: string | null }

const empty: RecoveryState = { email: null, recoveryToken: null }
let state = empty
const listeners = new Set<() => void>()

export const recoveryStore = {
  get: () => state,
  set(next: Partial<RecoveryState>) {
    state = { ...state, ...next }
    for (const listener of listeners) listener()
  },
  reset() {
    recoveryStore.set(empty)
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
}

export function useRecovery(): RecoveryState {
  return useSyncExternalStore(recoveryStore.subscribe, recoveryStore.get, recoveryStore.get)
}
