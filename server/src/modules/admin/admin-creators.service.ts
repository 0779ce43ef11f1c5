import { and, asc, count, eq, ilike, or } from "drizzle-orm"
import type { AdminCreator } from "../../../../src/domain/admin.ts"
import { subscriptions } from "../../db/schema-billing.ts"
import { accounts, profiles } from "../../db/schema.ts"
import type { ModuleDeps } from "../../deps.ts"
import { NotFoundError } from "../../errors.ts"
import { profileNotFoundMessage } from "../profiles/profiles.service.ts"
import { hasAccessSql } from "../studio/access-sql.ts"
import { isUuid } from "../studio/studio-access.ts"

export function createAdminCreatorsService(deps: ModuleDeps) {
  const query = () =>
    deps.db
      .select({
        profile: profiles,
        email: accounts.email,
        activeSubscribers: count(subscriptions.id),
      })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .leftJoin(
        subscriptions,
        // The access rule in the join keeps creators without subscribers in the list.
        and(eq(subscriptions.profileId, profiles.id), hasAccessSql(deps.clock.now())),
      )
      .groupBy(profiles.id, accounts.email)

  const toCreator = (row: Awaited<ReturnType<typeof query>>[number]): AdminCreator => ({
    profileId: row.profile.id,
    username: row.profile.username,
    fullName: row.profile.fullName,
    email: row.email,
    banned: row.profile.banned,
    migrating: row.profile.migrating,
    createdAt: row.profile.createdAt.toISOString(),
    activeSubscribers: row.activeSubscribers,
  })

  const find = async (profileId: string) => {
    const [row] = isUuid(profileId) ? await query().where(eq(profiles.id, profileId)) : []
    if (!row) throw new NotFoundError(profileNotFoundMessage, "profile_not_found")
    return row
  }

  return {
    async list(q?: string) {
      const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
      const rows = await query()
        .where(
          pattern
            ? or(
                ilike(profiles.username, pattern),
                ilike(profiles.fullName, pattern),
                ilike(accounts.email, pattern),
              )
            : undefined,
        )
        .orderBy(asc(profiles.username))
        .limit(500)
      return rows.map(toCreator)
    },

    /** A banned creator's page shows the banned screen and sells nothing; her studio is closed. */
    async setBanned(profileId: string, banned: boolean) {
      const row = await find(profileId)
      await deps.db
        .update(profiles)
        .set({ banned, updatedAt: deps.clock.now() })
        .where(eq(profiles.id, row.profile.id))
      deps.creatorChanges.changed(row.profile.username)
      deps.log.info({ profileId, banned }, banned ? "criadora banida" : "banimento removido")
      return toCreator(await find(profileId))
    },
  }
}
