import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  couponCardMercadoPagoMessage,
  couponFirstPeriodMessage,
  couponInvalidMessage,
  couponPlanMessage,
  couponUsedUpMessage,
} from "../../../../src/domain/coupons.ts"
import { SubscriptionSchema } from "../../../../src/domain/models.ts"
import { parsePixCode } from "../../../../src/domain/pix.ts"
import { payments, sandboxObjects, subscriptions } from "../../db/schema-billing.ts"
import { profiles } from "../../db/schema.ts"
import {
  billing,
  checkout,
  day,
  paymentsOf,
  settleInSandbox,
} from "../../../test/billing-test-kit.ts"
import { createCoupon, planIdOf, studioCouponOf } from "../../../test/coupon-test-kit.ts"
import {
  createTestApp,
  type TestAccount,
  type TestApp,
  type TestCreator,
} from "../../../test/test-app.ts"

let t: TestApp
let pixKeyCreator: TestCreator
let iuguCreator: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  pixKeyCreator = await t.createCreator({ paymentGateway: "bacen" })
  await t.db
    .update(profiles)
    .set({ pixType: "email", pixKey: "chave.cupom@exemplo.com.br" })
    .where(eq(profiles.id, pixKeyCreator.profileId))
  iuguCreator = await t.createCreator({ paymentGateway: "iugu" })
})
afterAll(() => t.close())

const percentCoupon = (owner: TestCreator, body: Record<string, unknown>) =>
  createCoupon(t, owner, { kind: "percent", percentOff: 50, ...body })

const buyPix = (owner: TestCreator, buyer: TestAccount, payload: Record<string, unknown>) =>
  t.inject({
    method: "POST",
    url: `/v1/${owner.username}/subscription/pix`,
    token: buyer.token,
    payload: { planName: "MONTHLY", ...payload },
  })

describe("a purchase with a coupon", () => {
  it("charges the discounted first amount to the creator's Pix key, fee added after it", async () => {
    await percentCoupon(pixKeyCreator, { code: "METADE" })
    const buyer = await t.createAccount()
    const res = await buyPix(pixKeyCreator, buyer, { coupon: "metade" })
    expect(res.statusCode, res.body).toBe(200)
    const payment = SubscriptionSchema.parse(res.json()).payment!
    // R$ 29,90 at 50 % is R$ 14,95, plus the R$ 1,99 fee.
    expect(payment.amountCents).toBe(1694)
    expect(parsePixCode(payment.pixCode!).amountCents).toBe(1694)
    expect(await studioCouponOf(t, pixKeyCreator, "METADE")).toMatchObject({ uses: 0, reserved: 1 })
  })

  it("starts at the discount, then renews at the plan's price; the studio counts use and revenue", async () => {
    const coupon = await percentCoupon(iuguCreator, {
      code: "PRIMEIRO",
      kind: "fixed",
      percentOff: undefined,
      amountOffCents: 1000,
    })
    const buyer = await t.createAccount()
    const res = await buyPix(iuguCreator, buyer, { coupon: "PRIMEIRO" })
    expect(res.statusCode, res.body).toBe(200)
    const first = SubscriptionSchema.parse(res.json())
    expect(first.payment!.amountCents).toBe(2189)
    const paid = await settleInSandbox(t, first, buyer.token)
    expect(paid.status).toBe("paid")

    // Near the period's end she pays the next one: the coupon no longer applies.
    t.clock.advance(25 * day)
    const again = await buyPix(iuguCreator, buyer, { coupon: "PRIMEIRO" })
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ message: couponFirstPeriodMessage, field: "coupon" })
    const renewal = await buyPix(iuguCreator, buyer, {})
    expect(renewal.statusCode, renewal.body).toBe(200)
    const renewed = SubscriptionSchema.parse(renewal.json())
    expect(renewed.payment!.amountCents).toBe(3189)
    await settleInSandbox(t, renewed, buyer.token)

    expect(await studioCouponOf(t, iuguCreator, coupon.code)).toMatchObject({
      uses: 1,
      reserved: 0,
      // R$ 19,90 of the first period and R$ 29,90 of the renewal.
      revenueCents: 1990 + 2990,
    })
  })

  it("refuses an unknown, a used-up, another plan's or a Mercado Pago card coupon and writes nothing", async () => {
    await percentCoupon(pixKeyCreator, { code: "SOMENTEUM", maxUses: 1 })
    await percentCoupon(pixKeyCreator, {
      code: "TRIMESTRE",
      planIds: [await planIdOf(t, pixKeyCreator, "QUARTERLY")],
    })
    const first = await t.createAccount()
    expect((await buyPix(pixKeyCreator, first, { coupon: "SOMENTEUM" })).statusCode).toBe(200)

    const buyer = await t.createAccount()
    const cases = [
      [{ coupon: "NADADISSO" }, 404, couponInvalidMessage],
      [{ coupon: "SOMENTEUM" }, 422, couponUsedUpMessage],
      [{ coupon: "TRIMESTRE" }, 422, couponPlanMessage],
      [{ coupon: "abc" }, 400, "Inválido"],
    ] as const
    for (const [payload, status, message] of cases) {
      const res = await buyPix(pixKeyCreator, buyer, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(status)
      expect(res.json().message).toBe(message)
    }
    const mp = await t.createCreator({ paymentGateway: "mercadoPago" })
    await percentCoupon(mp, { code: "CARTAO" })
    const card = await t.inject({
      method: "POST",
      url: `/v1/${mp.username}/mp/subscription/card`,
      token: buyer.token,
      payload: { planName: "MONTHLY", coupon: "CARTAO" },
    })
    expect(card.statusCode).toBe(422)
    expect(card.json().message).toBe(couponCardMercadoPagoMessage)
    const hers = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, buyer.id))
    expect(hers).toEqual([])
  })

  it("gives the use back when the payment holding it expires", async () => {
    await percentCoupon(pixKeyCreator, { code: "DEVOLVE", maxUses: 1 })
    const holder = await t.createAccount()
    const held = await buyPix(pixKeyCreator, holder, { coupon: "DEVOLVE" })
    expect(held.statusCode).toBe(200)
    const waiting = await t.createAccount()
    expect((await buyPix(pixKeyCreator, waiting, { coupon: "DEVOLVE" })).statusCode).toBe(422)

    t.clock.advance(day + 60_000)
    await billing(t).maintenance.expirePayments()
    const later = await buyPix(pixKeyCreator, waiting, { coupon: "DEVOLVE" })
    expect(later.statusCode, later.body).toBe(200)
  })

  it("gives the last use to exactly one of 50 buyers arriving at once", async () => {
    const coupon = await percentCoupon(pixKeyCreator, { code: "ULTIMO", maxUses: 2 })
    const early = await t.createAccount()
    expect((await buyPix(pixKeyCreator, early, { coupon: "ULTIMO" })).statusCode).toBe(200)

    const buyers = await Promise.all(Array.from({ length: 50 }, () => t.createAccount()))
    const answers = await Promise.all(
      buyers.map((buyer) => buyPix(pixKeyCreator, buyer, { coupon: "ULTIMO" })),
    )
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 422)).toHaveLength(49)
    for (const res of answers.filter((r) => r.statusCode === 422))
      expect(res.json().message).toBe(couponUsedUpMessage)
    const holding = await t.db.select().from(payments).where(eq(payments.couponId, coupon.couponId))
    expect(holding).toHaveLength(2)
  })

  it("keeps the coupon on a repeated click and switches the amount without it", async () => {
    await percentCoupon(pixKeyCreator, { code: "REPETE" })
    const buyer = await t.createAccount()
    const one = SubscriptionSchema.parse(
      (await buyPix(pixKeyCreator, buyer, { coupon: "REPETE" })).json(),
    )
    const two = SubscriptionSchema.parse(
      (await buyPix(pixKeyCreator, buyer, { coupon: "REPETE" })).json(),
    )
    expect(two.payment!.id).toBe(one.payment!.id)
    const plain = SubscriptionSchema.parse((await buyPix(pixKeyCreator, buyer, {})).json())
    expect(plain.payment!.id).not.toBe(one.payment!.id)
    expect(plain.payment!.amountCents).toBe(3189)
    const rows = await paymentsOf(t, one.id!)
    expect(rows.find((p) => p.id === one.payment!.id)!.status).toBe("canceled")
  })
})

describe("Pix Automático with a coupon", () => {
  const stored = async (kind: string, id: string) =>
    (
      await t.db
        .select()
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.id, id)))
    )[0]!.data

  it("debits the discount first, sets the recurrence at the plan's price and charges it in full after", async () => {
    await percentCoupon(iuguCreator, { code: "AUTOMATICO" })
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      `/v1/${iuguCreator.username}/iugu/subscription/pix`,
      {
        planName: "MONTHLY",
        automaticPix: true,
        accountName: "ANA ASSINANTE",
        accountDocument: "111.444.777-35",
        coupon: "AUTOMATICO",
      },
      { token: buyer.token },
    )
    // R$ 29,90 at 50 % is R$ 14,95, plus the R$ 1,99 fee: the first QR's amount.
    const first = answer.subscription.payment!
    expect(first.amountCents).toBe(1694)
    expect(parsePixCode(first.pixCode!).amountCents).toBe(1694)
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, answer.subscription.id))
    const recurrence = await stored("subscription", row!.gatewaySubscriptionId!)
    // The recurrence is on a plan at the full price; the discount is a one-off subitem.
    const plan = await stored("plan", recurrence.plan_identifier as string)
    expect(plan).toMatchObject({ prices: [{ value_cents: 3189 }] })
    const [invoice] = await paymentsOf(t, answer.subscription.id)
    expect(await stored("invoice", invoice!.providerRef!)).toMatchObject({ total_cents: 1694 })

    const paid = await settleInSandbox(t, answer.subscription, buyer.token)
    expect(paid).toMatchObject({ status: "paid", recurrenceStatus: "APROVADA" })

    // The second period's debit, on its date: the plan's price.
    t.clock.set(new Date(new Date(paid.currentPeriodEnd!).getTime() + 60_000))
    const debit = await t.inject({
      method: "POST",
      url: `/v1/sandbox/subscriptions/${answer.subscription.id}/pix-automatico/next-period`,
      token: await t.tokenFor(buyer.id),
      payload: {},
    })
    expect(debit.statusCode, debit.body).toBe(200)
    const charged = await paymentsOf(t, answer.subscription.id)
    expect(charged.map((p) => [p.amountCents, p.status, p.couponId !== null])).toEqual([
      [1694, "paid", true],
      [3189, "paid", false],
    ])
  })
})
