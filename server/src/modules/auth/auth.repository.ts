import { and, desc, eq, isNotNull, sql } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { accounts, leads, profiles } from "../../db/schema.ts"

export type AccountRow = typeof accounts.$inferSelect

const accountWithUsername = {
  id: accounts.id,
  email: accounts.email,
  fullName: accounts.fullName,
  role: accounts.role,
  passwordHash: accounts.passwordHash,
  tokenVersion: accounts.tokenVersion,
  closedAt: accounts.closedAt,
  username: profiles.username,
  profileFullName: profiles.fullName,
}

export function createAuthRepository(db: Executor) {
  return {
    /** When the account's latest invite was sent; null for an account no invite created. */
    async latestInviteSentAt(accountId: string): Promise<Date | null> {
      const [row] = await db
        .select({ sentAt: leads.invitedAt })
        .from(leads)
        .where(and(eq(leads.creatorAccountId, accountId), isNotNull(leads.invitedAt)))
        .orderBy(desc(leads.invitedAt))
        .limit(1)
      return row?.sentAt ?? null
    },
    async findByEmail(email: string) {
      const [row] = await db
        .select(accountWithUsername)
        .from(accounts)
        .leftJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(eq(accounts.email, email))
      return row ?? null
    },
    async findByUsername(username: string) {
      const [row] = await db
        .select(accountWithUsername)
        .from(accounts)
        .innerJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(eq(profiles.username, username))
      return row ?? null
    },
    async findById(id: string) {
      const [row] = await db
        .select(accountWithUsername)
        .from(accounts)
        .leftJoin(profiles, eq(profiles.accountId, accounts.id))
        .where(eq(accounts.id, id))
      return row ?? null
    },
    async emailExists(email: string) {
      return (await db.$count(accounts, eq(accounts.email, email))) > 0
    },
    async insertFollower(values: {
      /** Chosen beforehand when a retry must be able to find the account (checkout). */
      id?: string
      email: string
      passwordHash: string
      signupFromProfileId: string | null
      now: Date
    }) {
      const [row] = await db
        .insert(accounts)
        .values({ ...values, role: "follower", createdAt: values.now, updatedAt: values.now })
        .returning()
      return row!
    },
    /** Sets a new password and revokes every token issued before it; returns the new token version. */
    async remove(id: string) {
      await db.delete(accounts).where(eq(accounts.id, id))
    },
    async setPassword(id: string, passwordHash: string, now: Date) {
      const [row] = await db
        .update(accounts)
        .set({ passwordHash, tokenVersion: sql`${accounts.tokenVersion} + 1`, updatedAt: now })
        .where(eq(accounts.id, id))
        .returning({ tokenVersion: accounts.tokenVersion, role: accounts.role })
      return row!
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>
