import useSWR from "swr"
import { z } from "zod"
import { SessionSchema } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"

const TokenSchema = z.object({ accessToken: z.string() })
const RegisterSchema = z.object({ accessToken: z.string(), password: z.string().optional() })

export const login = (usernameOrEmail: string, password: string) =>
  apiRequest("/auth/login", TokenSchema, { method: "POST", body: { usernameOrEmail, password } })

export const checkEmail = (email: string) =>
  apiRequest(
    `/auth/check/email/${encodeURIComponent(email)}`,
    z.object({ isAvailable: z.boolean() }),
  )

export const registerShort = (body: {
  email: string
  token: string
  from: string
  password?: string
}) => apiRequest("/auth/customer/register/short", RegisterSchema, { method: "POST", body })

export const recoverEmail = (email: string, token: string) =>
  apiRequest("/auth/recover/email", z.unknown(), { method: "POST", body: { email, token } })

export const recoverCode = (email: string, recoveryCode: string, gToken: string) =>
  apiRequest("/auth/recover/code", z.object({ recoveryToken: z.string() }), {
    method: "POST",
    body: { email, recoveryCode, gToken },
  })

export const recoverPassword = (body: {
  email: string
  recoveryToken: string
  password: string
  gToken: string
}) => apiRequest("/auth/recover/password", z.unknown(), { method: "POST", body })

export const changePassword = (body: {
  currentPassword: string
  newPassword: string
  captchaToken: string
}) =>
  apiRequest("/auth/password/change", z.object({ accessToken: z.string().optional() }), {
    method: "POST",
    body,
  })

export const fetchSession = () => apiRequest("/auth/session", SessionSchema)

/** The signed-in account (settings shows its e-mail). */
export function useAccount(viewer: string | null) {
  return useSWR(viewer ? keys.session(viewer) : null, fetchSession)
}
