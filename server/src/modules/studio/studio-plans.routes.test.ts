import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ProfileSchema } from "../../../../src/domain/models.ts"
import { planPriceMessage } from "../../../../src/domain/studio.ts"
import { plans } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const put = (token: string, payload: object) =>
  t.inject({ method: "PUT", url: "/v1/studio/plans", token, payload })

describe("GET /v1/studio/plans", () => {
  it("lists the three plans with their switch and price", async () => {
    const creator = await t.createCreator({ plans: { MONTHLY: 2990, SEMIANNUAL: 14990 } })
    const res = await t.inject({ url: "/v1/studio/plans", token: creator.token })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { name: "MONTHLY", active: true, valueCents: 2990 },
      { name: "QUARTERLY", active: false, valueCents: null },
      { name: "SEMIANNUAL", active: true, valueCents: 14990 },
    ])
  })

  it("refuses visitors (401), followers and operators (403)", async () => {
    expect((await t.inject({ url: "/v1/studio/plans" })).statusCode).toBe(401)
    for (const role of ["follower", "admin"] as const) {
      const account = await t.createAccount({ role })
      const res = await t.inject({ url: "/v1/studio/plans", token: account.token })
      expect(res.statusCode, role).toBe(403)
      expect(res.json().code).toBe("forbidden_role")
    }
  })

  it("refuses a banned creator", async () => {
    const creator = await t.createCreator({ banned: true })
    const res = await t.inject({ url: "/v1/studio/plans", token: creator.token })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      message: "Sua conta de criadora está suspensa. Fale com o suporte.",
      code: "creator_banned",
    })
  })
})

describe("PUT /v1/studio/plans", () => {
  it("changes a price by adding a row, turns plans on and off, and followers see it", async () => {
    const creator = await t.createCreator()
    const res = await put(creator.token, {
      plans: [
        { name: "MONTHLY", active: true, valueCents: 3490 },
        { name: "QUARTERLY", active: false, valueCents: 7990 },
        { name: "SEMIANNUAL", active: true, valueCents: 14990 },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      { name: "MONTHLY", active: true, valueCents: 3490 },
      { name: "QUARTERLY", active: false, valueCents: 7990 },
      { name: "SEMIANNUAL", active: true, valueCents: 14990 },
    ])
    const rows = await t.db
      .select()
      .from(plans)
      .where(and(eq(plans.profileId, creator.profileId), eq(plans.name, "MONTHLY")))
    // The old price stays for subscriptions sold at it.
    expect(rows.map((row) => [row.valueCents, row.active]).sort()).toEqual([
      [2990, false],
      [3490, true],
    ])
    const profile = ProfileSchema.parse(
      (await t.inject({ url: `/v1/profile/${creator.username}` })).json(),
    )
    expect(profile.plans.map((plan) => [plan.name, plan.valueCents])).toEqual([
      ["MONTHLY", 3490],
      ["SEMIANNUAL", 14990],
    ])

    const back = await put(creator.token, {
      plans: [{ name: "QUARTERLY", active: true, valueCents: 7990 }],
    })
    expect(back.json()[1]).toEqual({ name: "QUARTERLY", active: true, valueCents: 7990 })
  })

  it("answers the pt-BR rule and changes nothing when a price is out of range or missing", async () => {
    expect(planPriceMessage.replace(/\s/g, " ")).toBe(
      "Informe um valor entre R$ 5,00 e R$ 10.000,00",
    )
    const creator = await t.createCreator()
    const before = await t.db.$count(plans, eq(plans.profileId, creator.profileId))
    const cases = [
      [[{ name: "MONTHLY", active: true, valueCents: 499 }], "plans.0.valueCents"],
      [[{ name: "MONTHLY", active: true, valueCents: 1_000_001 }], "plans.0.valueCents"],
      [[{ name: "MONTHLY", active: true, valueCents: 29.9 }], "plans.0.valueCents"],
      [[{ name: "MONTHLY", active: true, valueCents: null }], "plans.0.valueCents"],
    ] as const
    for (const [payload, field] of cases) {
      const res = await put(creator.token, { plans: payload })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        message: planPriceMessage,
        code: "validation_error",
        field,
      })
    }
    const allOff = await put(creator.token, {
      plans: ["MONTHLY", "QUARTERLY", "SEMIANNUAL"].map((name) => ({
        name,
        active: false,
        valueCents: 2990,
      })),
    })
    expect(allOff.statusCode).toBe(400)
    expect(allOff.json()).toMatchObject({ message: "Mantenha pelo menos um plano ativo" })
    const unknown = await put(creator.token, {
      plans: [{ name: "WEEKLY", active: true, valueCents: 990 }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ message: "Inválido", code: "validation_error" })
    expect(await t.db.$count(plans, eq(plans.profileId, creator.profileId))).toBe(before)
  })

  it("writes nothing for a follower", async () => {
    const follower = await t.createAccount()
    const res = await put(follower.token, {
      plans: [{ name: "MONTHLY", active: true, valueCents: 990 }],
    })
    expect(res.statusCode).toBe(403)
  })
})

describe("GET /v1/studio/profile", () => {
  it("gives the signed-in creator her own profile as followers see it", async () => {
    const creator = await t.createCreator({ fullName: "Bia Studio" })
    const res = await t.inject({ url: "/v1/studio/profile", token: creator.token })
    expect(res.statusCode).toBe(200)
    expect(ProfileSchema.parse(res.json())).toMatchObject({
      _id: creator.profileId,
      username: creator.username,
      fullName: "Bia Studio",
    })
    const follower = await t.createAccount()
    expect((await t.inject({ url: "/v1/studio/profile", token: follower.token })).statusCode).toBe(
      403,
    )
  })

  it("answers 403 for a performer account without a profile", async () => {
    const orphan = await t.createAccount({ role: "performer" })
    const res = await t.inject({ url: "/v1/studio/profile", token: orphan.token })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      message: "Apenas criadoras podem usar o estúdio.",
      code: "not_a_creator",
    })
  })
})
