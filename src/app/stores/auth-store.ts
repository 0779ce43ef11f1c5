import { z } from "zod"
import { AccountSchema, type Account } from "../../domain/models.ts"
import { createPersistedStore } from "./persisted.ts"

/** Auth state of spec §3: email, accessToken, account. `loading` is not persisted. */
export type AuthState = {
  email: string | null
  accessToken: string | null
  account: Account | null
}

const AuthStateSchema = z.object({
  email: z.string().nullable().catch(null),
  accessToken: z.string().nullable().catch(null),
  account: AccountSchema.nullable().catch(null),
})

const empty: AuthState = { email: null, accessToken: null, account: null }

export const authStore = createPersistedStore<AuthState>("auth", empty, (raw) => {
  const parsed = AuthStateSchema.safeParse(raw)
  return parsed.success ? parsed.data : null
})

/** The token is also kept under its own key, as the spec's session rule reads either. */
const TOKEN_KEY = "accessToken"

export function accessToken(): string | null {
  return authStore.get().accessToken ?? safeGet(TOKEN_KEY)
}

export function storeAccessToken(token: string): void {
  authStore.set((state) => ({ ...state, accessToken: token }))
  safeSet(TOKEN_KEY, token)
}

export function isLoggedIn(): boolean {
  return accessToken() !== null
}

/** Logout clears the auth state and all local storage (spec §4). */
export function clearSession(): void {
  try {
    window.localStorage.clear()
  } catch {
    // Nothing stored to clear.
  }
  authStore.reset()
}

/** A token the API no longer accepts is forgotten; the rest of local storage stays. */
export function forgetToken(): void {
  authStore.set((state) => ({ ...state, accessToken: null, account: null }))
  try {
    window.localStorage.removeItem(TOKEN_KEY)
  } catch {
    // Nothing stored to remove.
  }
}

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function safeSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // See createPersistedStore.
  }
}
