import { createContext, useContext } from "react"
import {
  fetchSession,
  login as loginCall,
  logoutCall,
  logoutEverywhereCall,
  registerShort,
} from "../api/auth.ts"
import { setSessionExpiredHandler, setTokenSource } from "../api/client.ts"
import { resetCache } from "../api/shared.ts"
import { botCheckToken } from "./bot-check.ts"
import { logFailure } from "./log-failure.ts"
import {
  accessToken,
  authStore,
  clearSession,
  forgetToken,
  storeAccessToken,
  viewerOf,
} from "./stores/auth-store.ts"
import { resetSignedInStores, useStore } from "./stores/persisted.ts"

/**
 * The API client reads the token from here (it sends it to our own API origin only), stores
 * the token a refresh renewed, and reports a session that has ended, which turns the person
 * back into a visitor.
 */
export function installSession(): void {
  setTokenSource(accessToken, storeAccessToken)
  setSessionExpiredHandler(() => {
    forgetToken()
    void resetCache()
  })
}

/** Stores the token, then fetches the session and merges its account into the auth state. */
export async function signIn(token: string): Promise<void> {
  storeAccessToken(token)
  try {
    const { account } = await fetchSession()
    authStore.set((state) => ({ ...state, account, email: account.email }))
  } catch {
    // The token works without the account details; the next page that needs them asks again.
  }
}

export async function login(usernameOrEmail: string, password: string): Promise<void> {
  const { accessToken: token } = await loginCall(
    usernameOrEmail,
    password,
    await botCheckToken(),
  ).catch(logFailure("login"))
  await signIn(token)
}

/** Registration from a creator's page (`from`), with the password the person chose. */
export async function register(email: string, password: string, from: string): Promise<void> {
  const { accessToken: token } = await registerShort({
    email,
    password,
    from,
    token: await botCheckToken(),
  }).catch(logFailure("register"))
  await signIn(token)
}

/**
 * Ends the session on the server (best effort: offline, the cookie still dies in 30 days), then
 * clears the auth state and all local storage, and forgets profile, stats and everything else.
 */
export async function logout(): Promise<void> {
  await logoutCall().catch(() => undefined)
  await forgetSession()
}

/**
 * "Sair de todos os dispositivos": every session of the account ends, then this one is
 * forgotten. Resolves with the server's confirmation.
 */
export async function logoutEverywhere(): Promise<string> {
  const { message } = await logoutEverywhereCall()
  await forgetSession()
  return message
}

async function forgetSession(): Promise<void> {
  clearSession()
  // The seen state and where each creator's stories stopped, in the chunks that loaded them.
  resetSignedInStores()
  await resetCache()
}

/** Remembers the e-mail typed on the first auth step (the later steps need it). */
export function rememberEmail(email: string): void {
  authStore.set((state) => ({ ...state, email }))
}

/**
 * Whom the server draws a page for (ssr/render-page.tsx): a reader on her own payment pages,
 * null for a visitor. Unset in the browser, where the stored token says who reads.
 */
export const ServedViewer = createContext<string | null | undefined>(undefined)

export function useSession() {
  const state = useStore(authStore)
  const served = useContext(ServedViewer)
  const viewer = served !== undefined ? served : viewerOf(state.accessToken ?? accessToken())
  return { ...state, viewer, loggedIn: viewer !== null }
}
