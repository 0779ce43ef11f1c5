import useSWR from "swr"
import type { Session } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { anyAnswer, record } from "./wire.ts"

// Signing in happens from the first page the person opens, so these answers use the light
// checks of wire.ts: the server validates them against its zod schemas before sending.
const tokenAnswer = record<{ accessToken: string }>("accessToken")
const registerAnswer = record<{ accessToken: string; password?: string }>("accessToken")
const sessionAnswer = record<Session>("account")

/** `token` is the bot check, which the server asks for while an account is being guessed at. */
export const login = (usernameOrEmail: string, password: string, token: string) =>
  apiRequest("/auth/login", tokenAnswer, {
    method: "POST",
    body: { usernameOrEmail, password, token },
  })

export const registerShort = (body: {
  email: string
  token: string
  from: string
  password?: string
}) => apiRequest("/auth/customer/register/short", registerAnswer, { method: "POST", body })

export const recoverEmail = (email: string, token: string) =>
  apiRequest("/auth/recover/email", anyAnswer, { method: "POST", body: { email, token } })

export const recoverCode = (email: string, recoveryCode: string, gToken: string) =>
  apiRequest("/auth/recover/code", record<{ recoveryToken: string }>("recoveryToken"), {
    method: "POST",
    body: { email, recoveryCode, gToken },
  })

export const recoverPassword = (body: {
  email: string
  recoveryToken: string
  password: string
  gToken: string
}) => apiRequest("/auth/recover/password", anyAnswer, { method: "POST", body })

export const changePassword = (body: {
  currentPassword: string
  newPassword: string
  captchaToken: string
}) =>
  apiRequest("/auth/password/change", record<{ accessToken?: string }>(), {
    method: "POST",
    body,
  })

export const fetchSession = () => apiRequest("/auth/session", sessionAnswer)

/** Ends this browser's session on the server (its refresh cookie) and clears the cookie. */
export const logoutCall = () => apiRequest("/auth/logout", anyAnswer, { method: "POST" })

/** Ends every session of the account, on every device, this one included. */
export const logoutEverywhereCall = () =>
  apiRequest("/auth/logout-all", record<{ message: string }>("message"), { method: "POST" })

/** The signed-in account (settings shows its e-mail). */
export function useAccount(viewer: string | null) {
  return useSWR(viewer ? keys.session(viewer) : null, fetchSession)
}
