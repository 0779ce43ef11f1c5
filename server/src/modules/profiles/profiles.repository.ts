import { and, asc, eq, sql, type SQL } from "drizzle-orm"
import { normalizeUsername } from "../../../../src/domain/route-segments.ts"
import type { Executor } from "../../db/client.ts"
import type { ProfileRow } from "../../db/rows.ts"
import { highlights, medias, plans, profiles, stories } from "../../db/schema.ts"

export type { ProfileRow }
// The composition root (billing-modules.ts) still takes it from here.
export { normalizeUsername }

const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number)

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
  // Read by every checkout and every public page's refresh: prepared on first use.
  let byUsername: ReturnType<typeof prepareByUsername> | undefined
  const prepareByUsername = () =>
    db
      .select()
      .from(profiles)
      .where(eq(profiles.username, sql.placeholder("username")))
      .prepare("profile_by_username")
  return {
    async findByUsername(username: string) {
      byUsername ??= prepareByUsername()
      const [row] = await byUsername.execute({ username: normalizeUsername(username) })
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
    /** How many medias, highlights and stories the creator has published, in one query. */
    async contentCounts(profileId: string) {
      const [row] = await db
        .select({
          medias: countOf(
            sql`select count(*) from ${medias} where ${medias.profileId} = ${profileId} and ${medias.scheduledFor} is null`,
          ),
          highlights: countOf(
            sql`select count(*) from ${highlights} where ${highlights.profileId} = ${profileId}`,
          ),
          stories: countOf(
            sql`select count(*) from ${stories} where ${stories.profileId} = ${profileId} and ${stories.scheduledFor} is null`,
          ),
        })
        .from(sql`(select 1) as one`)
      return row!
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
