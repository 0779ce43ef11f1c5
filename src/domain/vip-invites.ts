import { z } from "zod"

/**
 * The lista VIP by invitation: the creator types an e-mail, its owner accepts by the mailed link.
 * Until then nothing tells the creator whether the e-mail has an account.
 */

/** How long a mailed invitation can be accepted. */
export const VIP_INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
export { VIP_INVITE_PARAM } from "./vip-invite-link.ts"
/** A token is 32 random bytes in base64url: 43 characters. */
const TOKEN_MAX = 100

export const vipInviteSentMessage =
  "Convite enviado. A pessoa entra na lista VIP quando aceitar pelo link do e-mail."
export const vipInviteInvalidMessage =
  "Este convite não é válido ou expirou. Peça um novo convite à criadora."
export const vipInviteWrongAccountMessage =
  "Este convite foi enviado para outro e-mail. Entre com a conta do e-mail que recebeu o convite."
export const vipInviteNotFoundMessage = "Convite não encontrado."
export {
  vipInviteExpiredLabel,
  vipInviteLabel,
  vipInvitePendingLabel,
} from "./vip-invite-labels.ts"

/** The answer to every addition, the same for every e-mail. */
export const VipInviteSentSchema = z.object({ message: z.string() })

/** A pending invitation as the creator's studio lists it: only what she typed. */
export const StudioVipInviteSchema = z.object({
  inviteId: z.string(),
  email: z.string(),
  invitedAt: z.string(),
  expiresAt: z.string(),
})
export type StudioVipInvite = z.infer<typeof StudioVipInviteSchema>

export const vipInviteAcceptBody = z.object({
  token: z
    .string({ error: vipInviteInvalidMessage })
    .min(1, vipInviteInvalidMessage)
    .max(TOKEN_MAX, vipInviteInvalidMessage),
})
export const VipInviteAcceptedSchema = z.object({ username: z.string() })
