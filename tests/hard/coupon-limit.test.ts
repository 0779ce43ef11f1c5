import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { couponUsedUpMessage } from "../../src/domain/coupons.ts"
import { CheckoutResponseSchema, ProfileSchema } from "../../src/domain/models.ts"
import { Buyer } from "./buyer.ts"
import { createDatabase } from "./replica-cluster.ts"
import { startServer, type ServerProcess } from "./server-process.ts"

// The real server: 50 new buyers send their checkout with the same coupon at the same moment,
// when it has one use left. Exactly one gets the discount; the others are told it is used up,
// and no payment beyond the limit holds the coupon. On PostgreSQL with DATABASE_URL (CI), else
// on the server's embedded PGlite.
const DEMO_PASSWORD = "demo1234"
const BUYERS = 50

let database: Awaited<ReturnType<typeof createDatabase>> | null = null
let server: ServerProcess

beforeAll(async () => {
  const onPostgres = Boolean(process.env.DATABASE_URL ?? process.env.TEST_PG_URL)
  database = onPostgres ? await createDatabase("coupon_limit") : null
  server = await startServer({
    databaseUrl: database?.url ?? "",
    port: 3985,
    env: { PAYMENTS_MODE: "sandbox" },
  })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await database?.drop()
}, 60_000)

const checkoutWithCoupon = (buyer: Buyer, code: string) =>
  buyer.send("/v1/demo/iugu/subscription/pix", {
    method: "POST",
    body: {
      email: buyer.email,
      confirmEmail: buyer.email,
      planName: "MONTHLY",
      typeAuth: "new_user",
      token: "teste",
      coupon: code,
    },
  })

describe("a coupon's last use among 50 buyers at once", () => {
  it("goes to exactly one of them", async () => {
    const creator = new Buyer(server.origin, 9_000)
    await creator.open()
    await creator.login("criadora@demo.com.br", DEMO_PASSWORD)
    const profile = await creator.send("/v1/profile/demo")
    const monthly = ProfileSchema.parse(profile.body).plans.find((p) => p.name === "MONTHLY")!
    const code = `ULTIMA${Date.now().toString(36).toUpperCase()}`
    const made = await creator.send("/v1/studio/coupons", {
      method: "POST",
      body: {
        code,
        kind: "percent",
        percentOff: 50,
        planIds: [monthly.id],
        maxUses: 2,
        expiresAt: null,
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)

    const early = new Buyer(server.origin, 9_001)
    await early.open()
    expect((await checkoutWithCoupon(early, code)).status).toBe(200)

    const buyers = Array.from({ length: BUYERS }, (_, i) => new Buyer(server.origin, 9_100 + i))
    await Promise.all(buyers.map((buyer) => buyer.open()))
    const answers = await Promise.all(buyers.map((buyer) => checkoutWithCoupon(buyer, code)))

    const won = answers.filter((a) => a.status === 200)
    expect(won).toHaveLength(1)
    const discounted = CheckoutResponseSchema.parse(won[0]!.body).subscription.payment!
    expect(discounted.amountCents).toBe(Math.floor(monthly.valueCents / 2) + 199)
    const refused = answers.filter((a) => a.status !== 200)
    expect(refused.map((a) => a.status)).toEqual(Array(BUYERS - 1).fill(422))
    for (const answer of refused)
      expect(z.object({ message: z.string() }).parse(answer.body).message).toBe(couponUsedUpMessage)

    const listed = await creator.send("/v1/studio/coupons")
    const coupon = (listed.body as Array<{ code: string; reserved: number; uses: number }>).find(
      (c) => c.code === code,
    )!
    expect(coupon.reserved + coupon.uses).toBe(2)
  }, 180_000)
})
