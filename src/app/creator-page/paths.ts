import { VIP_INVITE_PARAM } from "../../domain/vip-invite-link.ts"

/** Addresses of the creator area (spec §2), in one place. */
export function creatorPaths(username: string) {
  const base = `/${username}`
  const withCode = (path: string, code?: string | null) =>
    code ? `${path}?code=${encodeURIComponent(code)}` : path
  return {
    profile: base,
    stories: `${base}/stories`,
    settings: `${base}/setting`,
    cancel: `${base}/setting/cancel`,
    updateCard: `${base}/setting/card`,
    auth: `${base}/auth`,
    authEmail: `${base}/auth/email`,
    authPassword: `${base}/auth/password`,
    recoveryEmail: `${base}/auth/recovery/email`,
    recoveryCode: `${base}/auth/recovery/code`,
    recoveryPassword: `${base}/auth/recovery/password`,
    registerPassword: `${base}/auth/register/password`,
    registerComplete: `${base}/auth/register/complete`,
    payment: `${base}/payment`,
    paymentOff: `${base}/payment/off`,
    paymentStatus: `${base}/payment/status`,
    checkout: `${base}/checkout`,
    checkoutPix: (code?: string | null) => withCode(`${base}/checkout/qrcodeurl`, code),
    checkoutSuccess: (code?: string | null) => withCode(`${base}/checkout/success`, code),
    vipInvite: (token: string) => `${base}/vip?${VIP_INVITE_PARAM}=${encodeURIComponent(token)}`,
  }
}

export type CreatorPaths = ReturnType<typeof creatorPaths>

/** The route parameter without a leading @ (spec §2). */
export function usernameFromParam(param: string | undefined): string {
  return (param ?? "").replace(/^@+/, "")
}

/** Only addresses inside the app may follow a redirectTo parameter. */
export function safeRedirect(target: string | null, fallback = "/"): string {
  return target && target.startsWith("/") && !target.startsWith("//") ? target : fallback
}
