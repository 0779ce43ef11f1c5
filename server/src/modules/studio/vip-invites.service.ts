import { createHash, randomBytes } from "node:crypto"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import { whitelistSelfMessage } from "../../../../src/domain/studio.ts"
import {
  VIP_INVITE_LIFETIME_MS,
  VIP_INVITE_PARAM,
  vipInviteInvalidMessage,
  vipInviteNotFoundMessage,
  vipInviteSentMessage,
  vipInviteWrongAccountMessage,
  type StudioVipInvite,
} from "../../../../src/domain/vip-invites.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import { vipInviteMail } from "../../adapters/mail/templates.ts"
import type { ModuleDeps } from "../../deps.ts"
import { ForbiddenError, NotFoundError, ValidationError } from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import { requireOwnProfile } from "./studio-access.ts"
import { createStudioSubscribersRepository } from "./studio-subscribers.repository.ts"
import { createVipInvitesRepository, type VipInviteRow } from "./vip-invites.repository.ts"

/** Invitations to one creator's lista VIP per hour, whatever the e-mails. */
export const vipAddsPerHour = 30

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url")
const day = 24 * 60 * 60 * 1000

const toStudioInvite = (row: VipInviteRow): StudioVipInvite => ({
  inviteId: row.id,
  email: row.email,
  invitedAt: row.updatedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
})

export function createVipInvitesService(deps: ModuleDeps) {
  const repo = createVipInvitesRepository(deps.db)

  const inviteLink = (username: string, token: string) => {
    const link = new URL(`/${encodeURIComponent(username)}/vip`, deps.config.publicUrl)
    link.searchParams.set(VIP_INVITE_PARAM, token)
    return link.toString()
  }

  return {
    /**
     * Records a pending invitation and mails its link; the answer is the same whether the
     * e-mail has an account or not. An operator's or a closed account gets no mail.
     */
    async invite(accountId: string, email: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      await deps.limits.consume(`vip-add:${profile.id}`, vipAddsPerHour, 60 * 60_000)
      const person = await repo.accountByEmail(email)
      // Her own e-mail: she knows it has an account, nothing is revealed.
      if (person && person.id === profile.accountId)
        throw new ValidationError(whitelistSelfMessage, "own_account", "email")
      const token = randomBytes(32).toString("base64url")
      const now = deps.clock.now()
      await repo.upsert({
        profileId: profile.id,
        email,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + VIP_INVITE_LIFETIME_MS),
        now,
      })
      if (!person || (person.role !== "admin" && !person.closedAt)) {
        // Stored before the answer, sent after it: a slow mail server must not tell anything.
        await deps.mailer
          .queue(
            vipInviteMail(
              email,
              profile.username,
              inviteLink(profile.username, token),
              VIP_INVITE_LIFETIME_MS / day,
            ),
          )
          .catch((err) => deps.log.error({ err }, "vip invite mail failed"))
      }
      return { message: vipInviteSentMessage }
    },

    async listPending(accountId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      return (await repo.listPending(profile.id)).map(toStudioInvite)
    },

    /** Withdraws an invitation not accepted yet: its link stops working. */
    async withdraw(accountId: string, inviteId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const row = isUuid(inviteId) ? await repo.deletePending(profile.id, inviteId) : null
      if (!row) throw new NotFoundError(vipInviteNotFoundMessage, "vip_invite_not_found")
      return toStudioInvite(row)
    },

    /**
     * The invited person, signed in with the invited e-mail, accepts: only now does the lista
     * VIP give her access. Someone already paying keeps her subscription.
     */
    async accept(viewer: AuthAccount, token: string) {
      const found = await repo.byTokenHash(sha256(token))
      const now = deps.clock.now()
      if (!found || found.invite.acceptedAt || found.invite.expiresAt <= now)
        throw new NotFoundError(vipInviteInvalidMessage, "vip_invite_invalid")
      if (found.invite.email !== viewer.email.toLowerCase())
        throw new ForbiddenError(vipInviteWrongAccountMessage, "wrong_account")
      await deps.db.transaction(async (tx) => {
        if (!(await createVipInvitesRepository(tx).claim(found.invite, viewer.id, now)))
          throw new NotFoundError(vipInviteInvalidMessage, "vip_invite_invalid")
        const subscribers = createStudioSubscribersRepository(tx)
        const profileId = found.invite.profileId
        const current = await subscribers.subscriptionOf(viewer.id, profileId)
        if (current && hasAccess(current, now)) return
        await subscribers.write(
          current,
          {
            accountId: viewer.id,
            profileId,
            status: "whitelist",
            currentPeriodStart: now,
            currentPeriodEnd: null,
            canceledDate: null,
            refundedDate: null,
            failedDate: null,
          },
          { actor: `account:${viewer.id}`, reason: "aceitou o convite para a lista VIP" },
          () => now,
        )
      })
      return { username: found.username }
    },
  }
}
