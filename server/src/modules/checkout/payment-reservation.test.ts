import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { payments, subscriptions } from "../../db/schema-billing.ts"
import { plans, profiles } from "../../db/schema.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"
import { createBillingStore } from "../payments/billing.repository.ts"
import { createPaymentLedger } from "../payments/payment-ledger.ts"
import { createPaymentReservation } from "./payment-reservation.ts"
import type { StartInput } from "./purchase-rules.ts"

let t: TestApp
let creator: TestCreator
let reserve: ReturnType<typeof createPaymentReservation>
let input: (buyer: { id: string; email: string }) => Promise<StartInput>

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu" })
  const store = createBillingStore(t.db)
  reserve = createPaymentReservation({
    store,
    ledger: createPaymentLedger({ db: t.db, clock: t.clock }),
    clock: t.clock,
    // These purchases carry no coupon: a claim would fail the test.
    coupons: { claim: () => Promise.reject(new Error("a purchase without a coupon claimed one")) },
  })
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
  const [monthly] = await t.db.select().from(plans).where(eq(plans.profileId, creator.profileId))
  input = async (buyer) => ({
    profile: profile!,
    plan: monthly!,
    buyer: { ...buyer, fullName: null },
    method: "pix",
    actor: `account:${buyer.id}`,
    newAccount: true,
  })
})
afterAll(() => t?.close())

describe("a new buyer's first payment", () => {
  it("is reserved as any buyer's when a retry that took over made her subscription first", async () => {
    const buyer = await t.createAccount()
    const first = await reserve(await input(buyer), "iugu")
    // The attempt taken over reaches its reservation late, still believing the account new.
    const late = await reserve(await input(buyer), "iugu")
    expect(late.subscription.id).toBe(first.subscription.id)
    expect(late).toMatchObject({ reused: true, payment: { id: first.payment.id } })
    const rows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, buyer.id))
    expect(rows).toHaveLength(1)
    const written = await t.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, first.subscription.id))
    expect(written.map((p) => p.status)).toEqual(["pending"])
  })
})
