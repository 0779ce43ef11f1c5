import type { AdminCreator } from "../../../../src/domain/admin.ts"
import { isUuid } from "../../../../src/domain/ids.ts"
import { PROFILE_NOT_FOUND } from "../../../../src/domain/messages.ts"
import type { ModuleDeps } from "../../deps.ts"
import { NotFoundError } from "../../errors.ts"
import { createAdminRepository, type CreatorWithCount } from "./admin.repository.ts"

const toCreator = (row: CreatorWithCount): AdminCreator => ({
  profileId: row.profile.id,
  username: row.profile.username,
  fullName: row.profile.fullName,
  email: row.email,
  banned: row.profile.banned,
  migrating: row.profile.migrating,
  createdAt: row.profile.createdAt.toISOString(),
  activeSubscribers: row.activeSubscribers,
})

export function createAdminCreatorsService(deps: ModuleDeps) {
  const repo = createAdminRepository(deps.db)

  const find = async (profileId: string) => {
    const row = isUuid(profileId) ? await repo.findCreator(profileId, deps.clock.now()) : null
    if (!row) throw new NotFoundError(PROFILE_NOT_FOUND, "profile_not_found")
    return row
  }

  return {
    async list(q?: string) {
      return (await repo.listCreators(q, deps.clock.now())).map(toCreator)
    },

    /** A banned creator's page shows the banned screen and sells nothing; her studio is closed. */
    async setBanned(profileId: string, banned: boolean) {
      const row = await find(profileId)
      await repo.setBanned(row.profile.id, banned, deps.clock.now())
      deps.creatorChanges.changed(row.profile.username)
      deps.log.info({ profileId, banned }, banned ? "criadora banida" : "banimento removido")
      return toCreator(await find(profileId))
    },
  }
}
