import { and, desc, eq, isNotNull, sql } from "drizzle-orm"
import { rowsOf, type Executor } from "../../db/client.ts"
import { accounts, leads, profiles } from "../../db/schema.ts"

export type AccountRow = typeof accounts.$inferSelect
type NewFollower = Pick<AccountRow, "id" | "email" | "fullName" | "role" | "tokenVersion">

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
    /** A follower account and its "signup" line of the access log, in one statement. */
    async insertFollower(values: {
      /** Chosen beforehand when a retry must be able to find the account (checkout). */
      id?: string
      email: string
      passwordHash: string
      signupFromProfileId: string | null
      /** The address the sign-up came from, for the access log. */
      ip: string
      now: Date
    }) {
      const at = sql`${values.now.toISOString()}::timestamptz`
      const [row] = await rowsOf<NewFollower>(
        db,
        sql`with account as (
          insert into accounts (id, email, role, password_hash, signup_from_profile_id,
            created_at, updated_at)
          values (coalesce(${values.id ?? null}::uuid, gen_random_uuid()), ${values.email},
            'follower', ${values.passwordHash}, ${values.signupFromProfileId}::uuid, ${at}, ${at})
          returning id, email, full_name, role, token_version
        ), logged as (
          insert into access_logs (account_id, event, ip, created_at)
          select id, 'signup', ${values.ip}, ${at} from account
        )
        select id, email, full_name as "fullName", role, token_version as "tokenVersion"
        from account`,
      )
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
