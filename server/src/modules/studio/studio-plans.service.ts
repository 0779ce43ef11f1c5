import { planNames, type PlanName } from "../../../../src/domain/models.ts"
import type { StudioPlan } from "../../../../src/domain/studio.ts"
import type { Executor } from "../../db/client.ts"
import type { ModuleDeps } from "../../deps.ts"
import { requireOwnProfile } from "./studio-access.ts"
import { createStudioRepository } from "./studio.repository.ts"

export interface PlanChange {
  name: PlanName
  active: boolean
  valueCents: number | null
}

/** Each plan's switch and its latest price (kept while the plan is off, to turn it back on). */
async function plansView(db: Executor, profileId: string): Promise<StudioPlan[]> {
  const rows = await createStudioRepository(db).allPlans(profileId)
  return planNames.map((name) => {
    const active = rows.find((row) => row.name === name && row.active)
    const latest = active ?? rows.find((row) => row.name === name)
    return { name, active: !!active, valueCents: latest?.valueCents ?? null }
  })
}

export function createStudioPlansService(deps: ModuleDeps) {
  return {
    async list(accountId: string) {
      const profile = await requireOwnProfile(deps.db, accountId)
      return plansView(deps.db, profile.id)
    },

    /**
     * A new price is a new row: the old one stays, inactive, so subscriptions sold at it keep
     * pointing at what the buyer paid for.
     */
    async update(accountId: string, changes: PlanChange[]) {
      const profile = await requireOwnProfile(deps.db, accountId)
      const now = deps.clock.now()
      await deps.db.transaction(async (tx) => {
        const repo = createStudioRepository(tx)
        const rows = await repo.allPlans(profile.id)
        for (const change of changes) {
          const current = rows.find((row) => row.name === change.name && row.active)
          if (!change.active) {
            if (current) await repo.deactivatePlan(current.id)
            continue
          }
          if (current?.valueCents === change.valueCents) continue
          if (current) await repo.deactivatePlan(current.id)
          await repo.insertPlan({
            profileId: profile.id,
            name: change.name,
            valueCents: change.valueCents!,
            now,
          })
        }
      })
      deps.creatorChanges.changed(profile.username)
      return plansView(deps.db, profile.id)
    },
  }
}
