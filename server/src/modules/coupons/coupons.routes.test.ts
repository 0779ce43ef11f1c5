import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  couponDuplicateMessage,
  couponEndedMessage,
  couponExpiredMessage,
  couponInvalidMessage,
  couponPausedMessage,
  couponTooLargeMessage,
  StudioCouponSchema,
  type StudioCoupon,
} from "../../../../src/domain/coupons.ts"
import { plans } from "../../db/schema.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"

let t: TestApp
let creator: TestCreator
let monthlyId: string

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu" })
  monthlyId = await planIdOf(creator, "MONTHLY")
})
afterAll(() => t.close())

const day = 86_400_000

async function planIdOf(owner: TestCreator, name: "MONTHLY" | "QUARTERLY") {
  const rows = await t.db.select().from(plans).where(eq(plans.profileId, owner.profileId))
  return rows.find((row) => row.name === name)!.id
}

const create = (owner: TestCreator, body: Record<string, unknown>) =>
  t.inject({
    method: "POST",
    url: "/v1/studio/coupons",
    token: owner.token,
    payload: {
      kind: "percent",
      percentOff: 50,
      planIds: [monthlyId],
      maxUses: null,
      expiresAt: null,
      ...body,
    },
  })
const setStatus = (owner: TestCreator, couponId: string, status: string) =>
  t.inject({
    method: "PATCH",
    url: `/v1/studio/coupons/${couponId}`,
    token: owner.token,
    payload: { status },
  })
const quote = (code: string) => t.inject({ url: `/v1/${creator.username}/coupons/${code}` })

async function created(body: Record<string, unknown>): Promise<StudioCoupon> {
  const res = await create(creator, body)
  expect(res.statusCode, res.body).toBe(200)
  return StudioCouponSchema.parse(res.json())
}

describe("POST /v1/studio/coupons", () => {
  it("stores the code in upper case and lists it with no uses yet", async () => {
    const coupon = await created({ code: "metade50", maxUses: 10 })
    expect(coupon).toMatchObject({
      code: "METADE50",
      kind: "percent",
      percentOff: 50,
      amountOffCents: null,
      planIds: [monthlyId],
      maxUses: 10,
      status: "active",
      uses: 0,
      reserved: 0,
      revenueCents: 0,
    })
    const list = await t.inject({ url: "/v1/studio/coupons", token: creator.token })
    expect(list.json().map((c: StudioCoupon) => c.code)).toContain("METADE50")
  })

  it("refuses a code she already has, in any case, and changes nothing", async () => {
    await created({ code: "DUPLO1" })
    const res = await create(creator, { code: "duplo1", percentOff: 10 })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ message: couponDuplicateMessage, code: "coupon_duplicate" })
    const list = (await t.inject({ url: "/v1/studio/coupons", token: creator.token })).json()
    expect(list.filter((c: StudioCoupon) => c.code === "DUPLO1")).toHaveLength(1)
  })

  it("lets two creators use the same code", async () => {
    const other = await t.createCreator()
    const res = await create(other, {
      code: "METADE50",
      planIds: [await planIdOf(other, "MONTHLY")],
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  it("answers each wrong field with its pt-BR message", async () => {
    const short = await create(creator, { code: "abc" })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe("Inválido")

    const missing = await create(creator, { code: "SEMVALOR", percentOff: undefined })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe("Obrigatório")

    const tooLarge = await create(creator, {
      code: "GRANDE",
      kind: "fixed",
      percentOff: undefined,
      amountOffCents: 2990,
    })
    expect(tooLarge.statusCode).toBe(422)
    expect(tooLarge.json().message).toBe(couponTooLargeMessage)

    const other = await t.createCreator()
    const foreignPlan = await create(creator, {
      code: "ALHEIO",
      planIds: [await planIdOf(other, "MONTHLY")],
    })
    expect(foreignPlan.statusCode).toBe(422)
  })

  it("is the creators' alone", async () => {
    const follower = await t.createAccount()
    const res = await t.inject({
      method: "POST",
      url: "/v1/studio/coupons",
      token: follower.token,
      payload: { code: "SEGUIDORA", kind: "percent", percentOff: 5, planIds: [monthlyId] },
    })
    expect(res.statusCode).toBe(403)
  })
})

describe("PATCH /v1/studio/coupons/:couponId", () => {
  it("pauses, resumes and ends a coupon; an ended one never returns", async () => {
    const coupon = await created({ code: "PAUSAVEL" })
    const paused = await setStatus(creator, coupon.couponId, "paused")
    expect(paused.json()).toMatchObject({ status: "paused" })
    expect((await quote("pausavel")).json()).toMatchObject({ message: couponPausedMessage })

    await setStatus(creator, coupon.couponId, "active")
    expect((await quote("pausavel")).statusCode).toBe(200)

    expect((await setStatus(creator, coupon.couponId, "ended")).json().status).toBe("ended")
    const ended = await quote("PAUSAVEL")
    expect(ended.statusCode).toBe(404)
    expect(ended.json().message).toBe(couponInvalidMessage)
    const back = await setStatus(creator, coupon.couponId, "active")
    expect(back.statusCode).toBe(409)
    expect(back.json().message).toBe(couponEndedMessage)
  })

  it("refuses another creator's coupon with 403 and an unknown one with 404", async () => {
    const coupon = await created({ code: "SOMENTEMEU" })
    const other = await t.createCreator()
    expect((await setStatus(other, coupon.couponId, "ended")).statusCode).toBe(403)
    expect((await setStatus(creator, crypto.randomUUID(), "ended")).statusCode).toBe(404)
    const list = (await t.inject({ url: "/v1/studio/coupons", token: creator.token })).json()
    expect(list.find((c: StudioCoupon) => c.code === "SOMENTEMEU").status).toBe("active")
  })
})

describe("GET /v1/:username/coupons/:code", () => {
  it("shows the discount and its plans, whatever the case typed", async () => {
    await created({ code: "DEZREAIS", kind: "fixed", percentOff: undefined, amountOffCents: 1000 })
    const res = await quote("dezreais")
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      code: "DEZREAIS",
      kind: "fixed",
      percentOff: null,
      amountOffCents: 1000,
      trialDays: null,
      planIds: [monthlyId],
      trialEndsAt: null,
    })
  })

  it("answers an unknown code and one past its date with clear messages", async () => {
    const unknown = await quote("NAOEXISTE")
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ message: couponInvalidMessage, code: "coupon_invalid" })

    await created({
      code: "EXPIRA",
      expiresAt: new Date(t.clock.now().getTime() + day).toISOString(),
    })
    expect((await quote("EXPIRA")).statusCode).toBe(200)
    t.clock.advance(day + 1)
    const expired = await quote("EXPIRA")
    expect(expired.statusCode).toBe(422)
    expect(expired.json()).toMatchObject({ message: couponExpiredMessage, code: "coupon_expired" })
  })
})
