/**
 * How the studio's lista VIP names a pending invitation. Apart from the invitation's schemas
 * (vip-invites.ts re-exports these): the Assinantes page draws its list without zod.
 */
export const vipInvitePendingLabel = "Convite enviado"
export const vipInviteExpiredLabel = "Convite expirado"

/** Whether an invitation's link still works at `now`: its label in the studio. */
export const vipInviteLabel = (invite: { expiresAt: string }, now: Date) =>
  new Date(invite.expiresAt).getTime() > now.getTime()
    ? vipInvitePendingLabel
    : vipInviteExpiredLabel
