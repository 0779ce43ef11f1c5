import { and, asc, eq } from "drizzle-orm"
import type { Executor } from "../../db/client.ts"
import { plans, profiles } from "../../db/schema.ts"

export type ProfileRow = typeof profiles.$inferSelect

/** Usernames arrive as typed in a URL: "@Demo" and "demo" are the same creator. */
export const normalizeUsername = (username: string) =>
  username.trim().replace(/^@/, "").toLowerCase()

export async function findProfileIdByUsername(
  db: Executor,
  username: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.username, normalizeUsername(username)))
  return row?.id ?? null
}

export function createProfilesRepository(db: Executor) {
  return {
    async findByUsername(username: string) {
      const [row] = await db
        .select()
        .from(profiles)
        .where(eq(profiles.username, normalizeUsername(username)))
      return row ?? null
    },
    async findById(id: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id))
      return row ?? null
    },
    async findByAccountId(accountId: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.accountId, accountId))
      return row ?? null
    },
    async activePlans(profileId: string) {
      return db
        .select({ id: plans.id, name: plans.name, valueCents: plans.valueCents })
        .from(plans)
        .where(and(eq(plans.profileId, profileId), eq(plans.active, true)))
        .orderBy(asc(plans.name))
    },
    async update(
      profileId: string,
      values: Partial<
        Pick<ProfileRow, "fullName" | "bio" | "username" | "profilePicKey" | "bannerPicKey">
      >,
      now: Date,
    ) {
      const [row] = await db
        .update(profiles)
        .set({ ...values, updatedAt: now })
        .where(eq(profiles.id, profileId))
        .returning()
      return row!
    },
  }
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>
