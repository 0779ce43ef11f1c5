import { PRODUCT_NAME } from "../../../../src/domain/constants.ts"
import type { Role } from "../../../../src/domain/models.ts"
import { eq } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { accounts } from "../../db/schema.ts"
import { UnauthorizedError } from "../../errors.ts"
import { latestInviteSentAt } from "./admin-leads.repository.ts"

/** How long an invite's link signs the new creator in; after that the operator sends a new one. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

export const inviteExpiredMessage = `Este convite expirou. Peça à equipe do ${PRODUCT_NAME} que envie um novo.`

export const inviteExpiresAt = (sentAt: Date) => new Date(sentAt.getTime() + INVITE_LIFETIME_MS)

/**
 * An invited account starts at token version 0 and every password she sets (choosing one,
 * recovering it) bumps it: at 0 she still signs in with the invite's temporary password.
 */
export const hasChosenPassword = (account: { tokenVersion: number }) => account.tokenVersion > 0
/** `hasChosenPassword` negated, as a condition on the accounts table. */
export const stillOnInvitePassword = eq(accounts.tokenVersion, 0)

/** Sign-in's check: the temporary password an invite sent works only while its link is valid. */
export async function refuseExpiredInvite(
  db: Executor,
  account: { id: string; role: Role; tokenVersion: number },
  now: Date,
) {
  if (account.role !== "performer" || hasChosenPassword(account)) return
  const sentAt = await latestInviteSentAt(db, account.id)
  if (sentAt && inviteExpiresAt(sentAt) <= now) {
    throw new UnauthorizedError(inviteExpiredMessage, "invite_expired")
  }
}
