import { roles } from "../../domain/model-names.ts"
import type { Account } from "../../domain/models.ts"
import { createPersistedStore } from "./persisted.ts"

/** Auth state of spec §3: email, accessToken, account. `loading` is not persisted. */
export type AuthState = {
  email: string | null
  accessToken: string | null
  account: Account | null
}

const empty: AuthState = { email: null, accessToken: null, account: null }

const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null)

/** An account as AccountSchema describes it, or null; checked by hand as every page reads it. */
function accountOrNull(value: unknown): Account | null {
  if (typeof value !== "object" || value === null) return null
  const account = value as Record<string, unknown>
  const role = roles.find((r) => r === account.role)
  if (typeof account._id !== "string" || typeof account.email !== "string" || !role) return null
  return {
    _id: account._id,
    email: account.email,
    username: stringOrNull(account.username),
    fullName: stringOrNull(account.fullName),
    role,
  }
}

/** A stored value that is not an object is ignored; a field of the wrong type reads as null. */
export const authStore = createPersistedStore<AuthState>("auth", empty, (raw) => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null
  const stored = raw as Record<string, unknown>
  return {
    email: stringOrNull(stored.email),
    accessToken: stringOrNull(stored.accessToken),
    account: accountOrNull(stored.account),
  }
})

/** The token is also kept under its own key, as the spec's session rule reads either. */
const TOKEN_KEY = "accessToken"

export function accessToken(): string | null {
  return authStore.get().accessToken ?? safeGet(TOKEN_KEY)
}

/**
 * Who is asking, for the cache keys of what the API answers them: the account the access token
 * names (its `sub`), which stays the same when the token is refreshed every few minutes, so the
 * pages keep their data. Null for a visitor; a token that is no JWT stands for itself.
 */
export function viewer(): string | null {
  return viewerOf(accessToken())
}

let lastViewer: { token: string; viewer: string } | null = null

export function viewerOf(token: string | null): string | null {
  if (!token) return null
  if (lastViewer?.token === token) return lastViewer.viewer
  let subject = token
  try {
    const payload = token.split(".")[1] ?? ""
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      sub?: unknown
    }
    if (typeof claims.sub === "string" && claims.sub) subject = claims.sub
  } catch {
    // Not a JWT: the token itself names the session.
  }
  lastViewer = { token, viewer: subject }
  return subject
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
