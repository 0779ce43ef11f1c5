import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { subscriptionStatuses } from "../../../src/domain/models.ts"
import { hasAccess } from "../../../src/domain/statuses.ts"
import { subscriptions } from "./schema-billing.ts"
import { accounts } from "./schema.ts"
import { createTestApp, type TestApp } from "../../test/test-app.ts"
import { hasAccessSql } from "./access-sql.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe("hasAccessSql", () => {
  it("agrees with the domain's hasAccess on every status, period end, cancel, failure and refund", async () => {
    const creator = await t.createCreator()
    const now = t.clock.now()
    const day = 86_400_000
    const ends = [null, new Date(now.getTime() - day), new Date(now.getTime() + day)]
    const combos = subscriptionStatuses.flatMap((status) =>
      ends.flatMap((currentPeriodEnd) =>
        [null, new Date(now.getTime() - day)].flatMap((canceledDate) =>
          [null, new Date(now.getTime() - day)].flatMap((failedDate) =>
            [null, new Date(now.getTime() - day)].map((refundedDate) => ({
              status,
              currentPeriodEnd,
              canceledDate,
              failedDate,
              refundedDate,
            })),
          ),
        ),
      ),
    )
    const people = await t.db
      .insert(accounts)
      .values(combos.map((_, i) => ({ email: `combo${i}@exemplo.com.br`, passwordHash: "x" })))
      .returning({ id: accounts.id })
    const rows = await t.db
      .insert(subscriptions)
      .values(
        combos.map((combo, i) => ({
          ...combo,
          accountId: people[i]!.id,
          profileId: creator.profileId,
        })),
      )
      .returning()
    const withAccess = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.profileId, creator.profileId), hasAccessSql(now)))
    const expected = rows.filter((row) => hasAccess(row, now)).map((row) => row.id)
    expect(withAccess.map((row) => row.id).sort()).toEqual(expected.sort())
    expect(expected.length).toBeGreaterThan(0)
  })
})
