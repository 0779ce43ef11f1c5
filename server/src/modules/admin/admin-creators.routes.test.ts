import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminCreatorSchema } from "../../../../src/domain/admin.ts"
import { ProfileSchema } from "../../../../src/domain/models.ts"
import { profiles } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../testing/test-app.ts"

let t: TestApp
let operator: string

beforeAll(async () => {
  t = await createTestApp()
  operator = (await t.createAccount({ role: "admin" })).token
})
afterAll(() => t.close())

describe("GET /v1/admin/creators", () => {
  it("lists creators with their e-mail and subscribers who have access now", async () => {
    const creator = await t.createCreator({ username: "contagem", fullName: "Contagem Teste" })
    const day = 86_400_000
    const now = t.clock.now().getTime()
    const cases = [
      { status: "paid", end: new Date(now + day) },
      { status: "whitelist", end: null },
      { status: "paid", end: new Date(now - day) },
      { status: "pending", end: null },
    ] as const
    for (const { status, end } of cases) {
      const follower = await t.createAccount()
      await t.createSubscription({
        accountId: follower.id,
        profileId: creator.profileId,
        status,
        currentPeriodEnd: end,
      })
    }
    await t.createCreator({ username: "contagem.vazia" })
    const res = await t.inject({ url: "/v1/admin/creators?q=contagem", token: operator })
    expect(res.statusCode).toBe(200)
    const rows = AdminCreatorSchema.array().parse(res.json())
    expect(rows.map((row) => [row.username, row.activeSubscribers])).toEqual([
      ["contagem", 2],
      ["contagem.vazia", 0],
    ])
    expect(rows[0]).toMatchObject({
      fullName: "Contagem Teste",
      email: "contagem@exemplo.com.br",
      banned: false,
    })
  })

  it("is only for operators", async () => {
    const creator = await t.createCreator()
    expect((await t.inject({ url: "/v1/admin/creators", token: creator.token })).statusCode).toBe(
      403,
    )
  })
})

describe("POST /v1/admin/creators/:id/ban", () => {
  it("bans a creator: her page shows banned, she sells nothing and her studio closes", async () => {
    const creator = await t.createCreator()
    const res = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: operator,
      payload: { banned: true },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ username: creator.username, banned: true })
    const profile = ProfileSchema.parse(
      (await t.inject({ url: `/v1/profile/${creator.username}` })).json(),
    )
    expect(profile).toMatchObject({ banned: true, plans: [] })
    const studio = await t.inject({ url: "/v1/studio/plans", token: creator.token })
    expect(studio.statusCode).toBe(403)
    expect(studio.json().code).toBe("creator_banned")

    const lifted = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: operator,
      payload: { banned: false },
    })
    expect(lifted.json().banned).toBe(false)
    expect((await t.inject({ url: "/v1/studio/plans", token: creator.token })).statusCode).toBe(200)
  })

  it("answers 404 for an unknown creator, 400 without a decision, 403 for non-operators", async () => {
    const creator = await t.createCreator()
    const missing = await t.inject({
      method: "POST",
      url: "/v1/admin/creators/00000000-0000-4000-8000-000000000000/ban",
      token: operator,
      payload: { banned: true },
    })
    expect(missing.statusCode).toBe(404)
    const empty = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: operator,
      payload: {},
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({
      message: "Obrigatório",
      code: "validation_error",
      field: "banned",
    })
    const self = await t.inject({
      method: "POST",
      url: `/v1/admin/creators/${creator.profileId}/ban`,
      token: creator.token,
      payload: { banned: false },
    })
    expect(self.statusCode).toBe(403)
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(row?.banned).toBe(false)
  })
})
