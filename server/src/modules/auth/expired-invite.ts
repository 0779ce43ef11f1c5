import {
  hasChosenPassword,
  inviteExpiredMessage,
  inviteExpiresAt,
} from "../../../../src/domain/invites.ts"
import type { Role } from "../../../../src/domain/models.ts"
import type { Executor } from "../../db/client.ts"
import { UnauthorizedError } from "../../errors.ts"
import { createAuthRepository } from "./auth.repository.ts"

/** Sign-in's check: the temporary password an invite sent works only while its link is valid. */
export async function refuseExpiredInvite(
  db: Executor,
  account: { id: string; role: Role; tokenVersion: number },
  now: Date,
) {
  if (account.role !== "performer" || hasChosenPassword(account)) return
  const sentAt = await createAuthRepository(db).latestInviteSentAt(account.id)
  if (sentAt && inviteExpiresAt(sentAt) <= now) {
    throw new UnauthorizedError(inviteExpiredMessage, "invite_expired")
  }
}
