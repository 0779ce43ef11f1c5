import { saoPauloDate } from "../../../../src/domain/dates.ts"
import type { StudioNumbers, StudioNumbersDay } from "../../../../src/domain/studio.ts"
import type { ModuleDeps } from "../../deps.ts"
import { requireOwnProfile } from "./studio-access.ts"
import { createStudioNumbersRepository } from "./studio-numbers.repository.ts"

const dayMs = 86_400_000
const pad = (n: number) => String(n).padStart(2, "0")
const dayKey = (at: Date) => {
  const { year, month, day } = saoPauloDate(at)
  return `${year}-${pad(month)}-${pad(day)}`
}

export function createStudioNumbersService(deps: ModuleDeps) {
  const repo = createStudioNumbersRepository(deps.db)
  return {
    /**
     * Visitors and checkouts started (visit events), new paid subscriptions and what every approved
     * payment (renewals too) earned, per São Paulo day over the last `days`, plus subscribers with
     * access now and this month's revenue.
     */
    async get(accountId: string, days: number): Promise<StudioNumbers> {
      const profile = await requireOwnProfile(deps.db, accountId)
      const now = deps.clock.now()
      const keys = Array.from({ length: days }, (_, i) =>
        dayKey(new Date(now.getTime() - (days - 1 - i) * dayMs)),
      )
      // Midnight in São Paulo of the first day is at most a day before this bound: filter by key too.
      const since = new Date(now.getTime() - days * dayMs)
      const rows = await repo.dailyFigures(profile.id, since, now)
      const events = rows.filter((row) => row.kind === "events")
      const paid = rows.filter((row) => row.kind === "paid")
      const activeSubscribers = rows.find((row) => row.kind === "active")?.paid ?? 0

      const series: StudioNumbersDay[] = keys.map((date) => {
        const e = events.find((row) => row.day === date)
        const p = paid.find((row) => row.day === date)
        return {
          date,
          visits: e?.visits ?? 0,
          checkoutsStarted: e?.checkouts ?? 0,
          paid: p?.paid ?? 0,
          revenueCents: p?.revenue ?? 0,
        }
      })
      const sum = (pick: (day: StudioNumbersDay) => number) =>
        series.reduce((total, day) => total + pick(day), 0)
      const month = keys.at(-1)!.slice(0, 7)
      return {
        days: series,
        totals: {
          visits: sum((d) => d.visits),
          checkoutsStarted: sum((d) => d.checkoutsStarted),
          paid: sum((d) => d.paid),
          revenueCents: sum((d) => d.revenueCents),
        },
        activeSubscribers,
        monthlyRevenueCents: paid
          .filter((row) => row.day.startsWith(month))
          .reduce((total, row) => total + row.revenue, 0),
      }
    },
  }
}
