import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  CancelSubscriptionResponseSchema,
  SubscriptionSchema,
} from "../../../../src/domain/models.ts"
import { subscriptions } from "../../db/schema-billing.ts"
import type { TestApp, TestCreator } from "../../../test/test-app.ts"
import { auditOf, billing, subscriptionOf } from "../../../test/billing-test-kit.ts"
import { mpSecret, startLiveBilling, type LiveBilling } from "../../../test/live-gateways.ts"

let live: LiveBilling
let t: TestApp
let creator: TestCreator

beforeAll(async () => {
  live = await startLiveBilling()
  t = live.t
  creator = await live.sellingCreator("mercadoPago")
})
afterAll(() => live?.close())

/** A card subscription paid on Mercado Pago's preapproval page, notified as Mercado Pago does. */
async function mercadoPagoCardSubscriber() {
  const buyer = await t.createAccount()
  const res = await t.inject({
    method: "POST",
    url: `/v1/${creator.username}/mp/subscription/card`,
    token: buyer.token,
    payload: { planName: "MONTHLY" },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { id } = SubscriptionSchema.parse(res.json().subscription)
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id))
  const preapprovalId = row!.gatewaySubscriptionId!
  const paid = (await live.mp.payCheckout({ kind: "preapproval", id: preapprovalId }, true))!
  await live.postMercadoPago(live.mp.notification(paid.id, mpSecret))
  const subscription = await subscriptionOf(t, creator.username, buyer.token)
  expect(subscription).toMatchObject({ status: "paid", menageUrl: null })
  expect((await live.mp.getPreapproval(preapprovalId))?.status).toBe("authorized")
  return { buyer, subscription: subscription!, preapprovalId }
}

const cancel = (id: string, token: string) =>
  t.inject({ method: "POST", url: `/v1/subscription/${id}/cancel`, token })

const stoppedRows = async (id: string) =>
  (await auditOf(t, id)).filter((row) => row.reason === "renovação cancelada no gateway")

describe("cancelling a Mercado Pago card subscription", () => {
  it("stops the preapproval through Mercado Pago's API: no page to send the buyer to, access until the period ends, no renewal", async () => {
    const { buyer, subscription, preapprovalId } = await mercadoPagoCardSubscriber()
    live.mpFake.requests.length = 0

    const res = await cancel(subscription.id, buyer.token)
    expect(res.statusCode).toBe(200)
    expect(CancelSubscriptionResponseSchema.parse(res.json())).toEqual({})
    const put = live.mpFake.requests.find((r) => r.method === "PUT")
    expect(put).toMatchObject({
      path: `/preapproval/${preapprovalId}`,
      body: { status: "cancelled" },
    })
    expect(put!.headers.authorization).toBe("Bearer APP_USR-live")
    expect((await live.mp.getPreapproval(preapprovalId))?.status).toBe("cancelled")
    expect(await stoppedRows(subscription.id)).toEqual([
      expect.objectContaining({ actor: `account:${buyer.id}` }),
    ])

    const cancelled = await subscriptionOf(t, creator.username, buyer.token)
    expect(cancelled).toMatchObject({ status: "canceled", menageUrl: null })
    expect(await live.canSeeStories(creator.username, buyer.token)).toBe(true)

    // The period ends: Mercado Pago charges nothing more, and access ends by itself.
    live.clock.set(new Date(new Date(subscription.currentPeriodEnd!).getTime() + 60_000))
    expect(await live.mp.renewDue()).toEqual([])
    buyer.token = await t.tokenFor(buyer.id)
    expect(await live.canSeeStories(creator.username, buyer.token)).toBe(false)
  })

  it("cancels here at once when Mercado Pago is out of reach, and the job stops the preapproval there later", async () => {
    const { buyer, subscription, preapprovalId } = await mercadoPagoCardSubscriber()
    live.mpFake.failNext(503)
    const res = await cancel(subscription.id, buyer.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({})
    expect(await subscriptionOf(t, creator.username, buyer.token)).toMatchObject({
      status: "canceled",
    })
    expect((await live.mp.getPreapproval(preapprovalId))?.status).toBe("authorized")
    expect(await stoppedRows(subscription.id)).toEqual([])

    // A repeated cancel changes nothing here; the job does the gateway's part.
    expect((await cancel(subscription.id, buyer.token)).statusCode).toBe(200)
    expect((await billing(t).maintenance.reconcile()).stopped).toBe(1)
    expect((await live.mp.getPreapproval(preapprovalId))?.status).toBe("cancelled")
    expect(await stoppedRows(subscription.id)).toEqual([
      expect.objectContaining({ actor: "job:reconcile" }),
    ])

    live.mpFake.requests.length = 0
    expect((await billing(t).maintenance.reconcile()).stopped).toBe(0)
    expect(live.mpFake.requests.filter((r) => r.method === "PUT")).toEqual([])
  })
})

describe("paying by Pix after cancelling a card subscription", () => {
  it("the stopped card renewal no longer counts as renewing: the next Pix can be bought early", async () => {
    const { buyer, subscription } = await mercadoPagoCardSubscriber()
    expect((await cancel(subscription.id, buyer.token)).statusCode).toBe(200)

    const first = await live.startMercadoPagoPix(creator, buyer)
    await live.approveMercadoPagoPix(first.mpPaymentId)
    const renewed = await subscriptionOf(t, creator.username, buyer.token)
    expect(renewed).toMatchObject({ status: "paid", canceledDate: null, paymentMethod: "pix" })

    // Paying early again is a Pix like any other, not a second charge beside a card renewal.
    const second = await live.startMercadoPagoPix(creator, buyer)
    expect(second.subscription.payment).toMatchObject({ status: "pending" })
    expect(second.subscription.payment!.id).not.toBe(first.subscription.payment!.id)
  })

  it("a Pix paid before a cancelled card renewal could be stopped: the job still stops it", async () => {
    const { buyer, subscription, preapprovalId } = await mercadoPagoCardSubscriber()
    live.mpFake.failNext(503)
    expect((await cancel(subscription.id, buyer.token)).statusCode).toBe(200)
    expect((await live.mp.getPreapproval(preapprovalId))?.status).toBe("authorized")

    const { mpPaymentId } = await live.startMercadoPagoPix(creator, buyer)
    await live.approveMercadoPagoPix(mpPaymentId)
    expect(await subscriptionOf(t, creator.username, buyer.token)).toMatchObject({
      status: "paid",
      canceledDate: null,
      paymentMethod: "pix",
    })

    // The paid Pix cleared the cancel; the card must still never renew beside it.
    expect((await billing(t).maintenance.reconcile()).stopped).toBe(1)
    expect((await live.mp.getPreapproval(preapprovalId))?.status).toBe("cancelled")
    expect(await stoppedRows(subscription.id)).toEqual([
      expect.objectContaining({ actor: "job:reconcile" }),
    ])
    expect((await billing(t).maintenance.reconcile()).stopped).toBe(0)
  })
})
