import { and, desc, eq, gt, isNull } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { vipInvites } from "../../db/schema-billing.ts"
import { accounts, profiles } from "../../db/schema.ts"

export type VipInviteRow = typeof vipInvites.$inferSelect

/** Pending invitations shown at most: the studio's list is not paged. */
const pendingShown = 200

/** A creator's invitations to her lista VIP, by the e-mail she typed. */
export function createVipInvitesRepository(db: Executor) {
  return {
    /** The owner of an e-mail, if any: never shown to the creator. */
    async accountByEmail(email: string) {
      const [person] = await db
        .select({ id: accounts.id, role: accounts.role, closedAt: accounts.closedAt })
        .from(accounts)
        .where(eq(accounts.email, email))
      return person ?? null
    },

    /**
     * One row per creator and e-mail: inviting again replaces the token (an earlier link stops
     * working) and makes an accepted invitation pending again.
     */
    async upsert(values: {
      profileId: string
      email: string
      tokenHash: string
      expiresAt: Date
      now: Date
    }) {
      const { now, ...rest } = values
      const fresh = {
        tokenHash: rest.tokenHash,
        expiresAt: rest.expiresAt,
        acceptedAt: null,
        acceptedBy: null,
        updatedAt: now,
      }
      const [row] = await db
        .insert(vipInvites)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [vipInvites.profileId, vipInvites.email], set: fresh })
        .returning()
      return row!
    },

    listPending(profileId: string) {
      return db
        .select()
        .from(vipInvites)
        .where(and(eq(vipInvites.profileId, profileId), isNull(vipInvites.acceptedAt)))
        .orderBy(desc(vipInvites.updatedAt), desc(vipInvites.id))
        .limit(pendingShown)
    },

    async deletePending(profileId: string, inviteId: string) {
      const [row] = await db
        .delete(vipInvites)
        .where(
          and(
            eq(vipInvites.id, inviteId),
            eq(vipInvites.profileId, profileId),
            isNull(vipInvites.acceptedAt),
          ),
        )
        .returning()
      return row ?? null
    },

    /** The invitation a link's token opens, with its creator's username. */
    async byTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ invite: vipInvites, username: profiles.username })
        .from(vipInvites)
        .innerJoin(profiles, eq(profiles.id, vipInvites.profileId))
        .where(eq(vipInvites.tokenHash, tokenHash))
      return row ?? null
    },

    /** Uses the token once: false when another request used it first or it expired meanwhile. */
    async claim(invite: VipInviteRow, accountId: string, now: Date) {
      const rows = await db
        .update(vipInvites)
        .set({ acceptedAt: now, acceptedBy: accountId, tokenHash: null, updatedAt: now })
        .where(
          and(
            eq(vipInvites.id, invite.id),
            eq(vipInvites.tokenHash, invite.tokenHash!),
            isNull(vipInvites.acceptedAt),
            gt(vipInvites.expiresAt, now),
          ),
        )
        .returning({ id: vipInvites.id })
      return rows.length === 1
    },
  }
}
