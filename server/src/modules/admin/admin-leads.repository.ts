import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm"
import type { LeadStatus } from "../../../../src/domain/admin.ts"
import type { Executor } from "../../db/client.ts"
import { accounts, leads, profiles } from "../../db/schema.ts"

export type LeadRow = typeof leads.$inferSelect

const statusFilter: Record<LeadStatus, SQL | undefined> = {
  new: and(isNull(leads.contactedAt), isNull(leads.invitedAt)),
  contacted: and(isNotNull(leads.contactedAt), isNull(leads.invitedAt)),
  invited: isNotNull(leads.invitedAt),
}

/** Like-patterns treat % and _ as wildcards; a search for "a_b" means those characters. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A lead with the creator account its invite created, if any. */
const leadWithCreator = {
  lead: leads,
  creatorUsername: profiles.username,
  creator: {
    id: accounts.id,
    tokenVersion: accounts.tokenVersion,
    closedAt: accounts.closedAt,
  },
}

export type LeadWithCreator = {
  lead: LeadRow
  creatorUsername: string | null
  creator: { id: string; tokenVersion: number; closedAt: Date | null } | null
}

/** `hasChosenPassword` negated, as a condition on the accounts table. */
const stillOnInvitePassword = eq(accounts.tokenVersion, 0)

export function createAdminLeadsRepository(db: Executor) {
  const selectLeads = () =>
    db
      .select(leadWithCreator)
      .from(leads)
      .leftJoin(accounts, eq(accounts.id, leads.creatorAccountId))
      .leftJoin(profiles, eq(profiles.accountId, leads.creatorAccountId))

  return {
    /** Newest first; at most 500, which is more than the team works through in a day. */
    list(filter: { status?: LeadStatus; q?: string }): Promise<LeadWithCreator[]> {
      const pattern = filter.q ? `%${escapeLike(filter.q)}%` : null
      return selectLeads()
        .where(
          and(
            filter.status ? statusFilter[filter.status] : undefined,
            pattern
              ? or(
                  ilike(leads.instagram, pattern),
                  ilike(leads.email, pattern),
                  ilike(leads.whatsapp, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(500)
    },
    async find(id: string): Promise<LeadWithCreator | null> {
      const [row] = await selectLeads().where(eq(leads.id, id))
      return row ?? null
    },
    /** Another lead whose invite created an account with this e-mail. */
    async findInvitedWithEmail(email: string) {
      const [row] = await db
        .select({ instagram: leads.instagram })
        .from(leads)
        .where(and(eq(leads.email, email), isNotNull(leads.creatorAccountId)))
        .limit(1)
      return row ?? null
    },
    async update(
      id: string,
      values: Partial<Pick<LeadRow, "contactedAt" | "invitedAt" | "creatorAccountId">>,
    ) {
      await db.update(leads).set(values).where(eq(leads.id, id))
    },
    /**
     * Records a new invite only if the lead's invite is still the one read before (none, or the
     * one sent at `previous`): of two operators inviting at once, one wins and the other is told.
     */
    async claimInvite(id: string, previous: Date | null, sentAt: Date, contactedAt: Date) {
      const rows = await db
        .update(leads)
        .set({ invitedAt: sentAt, contactedAt })
        .where(
          and(eq(leads.id, id), previous ? eq(leads.invitedAt, previous) : isNull(leads.invitedAt)),
        )
        .returning({ id: leads.id })
      return rows.length > 0
    },
    /** The invited creator's account; null when the e-mail already has one. */
    async insertCreatorAccount(values: {
      email: string
      fullName: string
      passwordHash: string
      now: Date
    }) {
      const [account] = await db
        .insert(accounts)
        .values({
          email: values.email,
          fullName: values.fullName,
          role: "performer",
          passwordHash: values.passwordHash,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .onConflictDoNothing({ target: accounts.email })
        .returning({ id: accounts.id })
      return account ?? null
    },
    /** Her profile under the chosen username; null when the username is taken. */
    async insertProfile(values: {
      accountId: string
      username: string
      fullName: string
      now: Date
    }) {
      const [profile] = await db
        .insert(profiles)
        .values({
          accountId: values.accountId,
          username: values.username,
          fullName: values.fullName,
          createdAt: values.now,
          updatedAt: values.now,
        })
        .onConflictDoNothing({ target: profiles.username })
        .returning({ id: profiles.id })
      return profile ?? null
    },
    /** Only while she still has not chosen a password: hers must never be overwritten. */
    async replaceInvitePassword(accountId: string, passwordHash: string, now: Date) {
      const replaced = await db
        .update(accounts)
        .set({ passwordHash, updatedAt: now })
        .where(and(eq(accounts.id, accountId), stillOnInvitePassword))
        .returning({ id: accounts.id })
      return replaced.length > 0
    },
  }
}
