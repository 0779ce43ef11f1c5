import { eq } from "drizzle-orm"
import { expect } from "vitest"
import type { StudioCoupon } from "../../src/domain/coupons.ts"
import { subscriptions } from "../src/db/schema-billing.ts"
import { plans } from "../src/db/schema.ts"
import type { TestApp, TestCreator } from "./test-app.ts"

/** The id of one of the creator's plans, by name. */
export async function planIdOf(t: TestApp, owner: TestCreator, name = "MONTHLY") {
  const rows = await t.db.select().from(plans).where(eq(plans.profileId, owner.profileId))
  return rows.find((row) => row.name === name)!.id
}

/** A 7-day free trial, as the studio's form sends it. */
export const trialCouponFields = { kind: "trial", trialDays: 7 }

/** Sends a coupon as the studio does: on the monthly plan, unlimited and without an end. */
export const postCoupon = async (t: TestApp, owner: TestCreator, body: Record<string, unknown>) =>
  t.inject({
    method: "POST",
    url: "/v1/studio/coupons",
    token: owner.token,
    payload: {
      planIds: [await planIdOf(t, owner)],
      maxUses: null,
      expiresAt: null,
      ...body,
    },
  })

/** A coupon the studio accepted. */
export async function createCoupon(t: TestApp, owner: TestCreator, body: Record<string, unknown>) {
  const res = await postCoupon(t, owner, body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as StudioCoupon
}

/** The coupon as the creator's studio lists it, with its uses and reservations. */
export async function studioCouponOf(t: TestApp, owner: TestCreator, code: string) {
  const list = await t.inject({ url: "/v1/studio/coupons", token: owner.token })
  return (list.json() as StudioCoupon[]).find((c) => c.code === code)!
}

/** The subscription's stored row. */
export const storedSubscription = async (t: TestApp, id: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!
