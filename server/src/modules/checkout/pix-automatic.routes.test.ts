import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { formatDayMonth } from "../../../../src/domain/dates.ts"
import { pixAutomaticJourney, parsePixCode } from "../../../../src/domain/pix.ts"
import { SubscriptionSchema } from "../../../../src/domain/models.ts"
import { sandboxObjects, subscriptions } from "../../db/schema-billing.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"
import {
  billing,
  checkout,
  day,
  paymentsOf,
  settleInSandbox,
  subscriptionOf,
} from "../../../test/billing-test-kit.ts"

let t: TestApp
let creator: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu", fullName: "Duda Demo" })
})
afterAll(() => t.close())

const pixUrl = () => `/v1/${creator.username}/iugu/subscription/pix`
const payer = { accountName: "ANA ASSINANTE", accountDocument: "111.444.777-35" }

const rowOf = async (id: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!

/** The sandbox's bank debits the next period; the clock moves, so each call signs in again. */
async function nextPeriod(subscriptionId: string, buyer: { id: string }, fail = false) {
  const token = await t.tokenFor(buyer.id)
  const res = await t.inject({
    method: "POST",
    url: `/v1/sandbox/subscriptions/${subscriptionId}/pix-automatico/next-period`,
    token,
    payload: { fail },
  })
  expect(res.statusCode, res.body).toBe(200)
  return SubscriptionSchema.parse(res.json())
}

describe("Pix Automático on iugu (journey 3)", () => {
  it("one QR pays the first period and authorises the recurrence; each period then renews by itself", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      pixUrl(),
      { planName: "MONTHLY", automaticPix: true, ...payer },
      { token: buyer.token },
    )
    expect(answer.subscription.recurrenceStatus).toBe("CRIADA")
    const code = parsePixCode(answer.subscription.payment!.pixCode!)
    expect(pixAutomaticJourney(code)).toBe(3)
    let row = await rowOf(answer.subscription.id)
    expect(row).toMatchObject({ gateway: "iugu", recurrenceStatus: "CRIADA", status: "pending" })
    const recurrence = row.gatewaySubscriptionId!
    const [stored] = await t.db
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, recurrence))
    expect(stored!.data).toMatchObject({
      automatic_pix: { journey: 3, frequency: "MENSAL", status: "CRIADA" },
    })

    // The payer's bank approves: the first period is paid through the webhook.
    const paid = await settleInSandbox(t, answer.subscription, buyer.token)
    expect(paid).toMatchObject({ status: "paid", recurrenceStatus: "APROVADA" })
    row = await rowOf(answer.subscription.id)
    expect(row.recurrenceStatus).toBe("APROVADA")
    let end = row.currentPeriodEnd!

    // Three periods, each debited on its date and settled by the same webhook path.
    for (let period = 1; period <= 3; period++) {
      t.clock.set(new Date(end.getTime() + 60_000))
      await nextPeriod(answer.subscription.id, buyer)
      row = await rowOf(answer.subscription.id)
      expect(row.status).toBe("paid")
      expect(row.currentPeriodEnd!.getTime()).toBeGreaterThan(end.getTime() + 27 * day)
      end = row.currentPeriodEnd!
      // Asking again the same day debits nothing more.
      await nextPeriod(answer.subscription.id, buyer)
      expect((await rowOf(answer.subscription.id)).currentPeriodEnd).toEqual(end)
    }
    const payments = await paymentsOf(t, answer.subscription.id)
    expect(payments.map((p) => [p.method, p.status])).toEqual([
      ["pix", "paid"],
      ["pix", "paid"],
      ["pix", "paid"],
      ["pix", "paid"],
    ])

    const res = await t.inject({
      method: "POST",
      url: `/v1/subscription/${answer.subscription.id}/cancel`,
      token: await t.tokenFor(buyer.id),
    })
    expect(res.statusCode, res.body).toBe(200)
    const [cancelled] = await t.db
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, recurrence))
    expect(cancelled!.data).toMatchObject({
      suspended: true,
      automatic_pix: { status: "CANCELADA" },
    })
    row = await rowOf(answer.subscription.id)
    expect(row).toMatchObject({
      status: "canceled",
      currentPeriodEnd: end,
      recurrenceStatus: "CANCELADA",
    })
    // Nothing is debited after the cancellation.
    t.clock.set(new Date(end.getTime() + 60_000))
    const after = await t.inject({
      method: "POST",
      url: `/v1/sandbox/subscriptions/${answer.subscription.id}/pix-automatico/next-period`,
      token: await t.tokenFor(buyer.id),
      payload: {},
    })
    expect(after.statusCode, after.body).toBe(409)
    expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(4)
  })

  it("a failed debit makes it unpaid with 3 days of access and an e-mail; a one-off Pix recovers it", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      pixUrl(),
      { planName: "QUARTERLY", automaticPix: true, ...payer },
      { token: buyer.token },
    )
    await settleInSandbox(t, answer.subscription, buyer.token)
    let row = await rowOf(answer.subscription.id)
    const end = row.currentPeriodEnd!
    t.clock.set(new Date(end.getTime() + 60_000))
    const mailsBefore = t.mailer.sent.length
    const failed = await nextPeriod(answer.subscription.id, buyer, true)
    let payments = await paymentsOf(t, answer.subscription.id)
    expect(payments.map((p) => p.status)).toEqual(["paid", "canceled"])
    row = await rowOf(answer.subscription.id)
    const grace = new Date(t.clock.now().getTime() + 3 * day)
    expect(row).toMatchObject({
      status: "unpaid",
      failedDate: t.clock.now(),
      currentPeriodEnd: grace,
      recurrenceStatus: "APROVADA",
    })
    expect(failed).toMatchObject({ status: "unpaid", recurrenceStatus: "APROVADA" })
    const mails = t.mailer.sent.slice(mailsBefore)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ subject: "Não conseguimos debitar seu Pix Automático" })
    expect(mails[0]!.text).toContain(`acesso até ${formatDayMonth(grace)}`)
    expect(mails[0]!.text).toContain(`/${creator.username}/payment`)

    // A second authorisation is refused while the first is approved: the bank would debit twice.
    const token = await t.tokenFor(buyer.id)
    const second = await t.inject({
      method: "POST",
      url: pixUrl(),
      token,
      payload: { planName: "QUARTERLY", automaticPix: true, ...payer },
    })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toEqual({
      message:
        "Seu Pix Automático já está autorizado. Para pagar este período, escolha o Pix avulso.",
      code: "automatic_pix_active",
    })
    expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(2)

    // The one-off Pix fallback is allowed during the grace days and starts a new period.
    const fallback = await checkout(t, pixUrl(), { planName: "QUARTERLY" }, { token })
    expect(parsePixCode(fallback.subscription.payment!.pixCode!).recurrenceUrl).toBeUndefined()
    await settleInSandbox(t, fallback.subscription, token)
    row = await rowOf(answer.subscription.id)
    expect(row.status).toBe("paid")
    expect(row.recurrenceStatus).toBe("APROVADA")
    expect(row.currentPeriodEnd!.getTime()).toBeGreaterThan(grace.getTime())
    payments = await paymentsOf(t, answer.subscription.id)
    expect(payments.map((p) => p.status)).toEqual(["paid", "canceled", "paid"])

    // The recurrence goes on: the next date is debited again.
    t.clock.set(new Date(end.getTime() + 92 * day))
    await nextPeriod(answer.subscription.id, buyer)
    payments = await paymentsOf(t, answer.subscription.id)
    expect(payments.map((p) => p.status)).toEqual(["paid", "canceled", "paid", "paid"])
    expect((await rowOf(answer.subscription.id)).status).toBe("paid")
  })

  it("a rejected authorisation leaves the subscription unpaid and the recurrence REJEITADA", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      pixUrl(),
      { planName: "SEMIANNUAL", automaticPix: true, ...payer },
      { token: buyer.token },
    )
    await settleInSandbox(t, answer.subscription, buyer.token, "refuse")
    const row = await rowOf(answer.subscription.id)
    expect(row.recurrenceStatus).toBe("REJEITADA")
    expect(row.status).not.toBe("paid")
  })

  it("asks for the payer's name and CPF, and a one-off Pix carries no recurrence", async () => {
    const buyer = await t.createAccount()
    const refused = await t.inject({
      method: "POST",
      url: pixUrl(),
      token: buyer.token,
      payload: { planName: "MONTHLY", automaticPix: true },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      message: "Informe seu nome e CPF para autorizar o Pix Automático no seu banco.",
    })
    const single = await checkout(t, pixUrl(), { planName: "MONTHLY" }, { token: buyer.token })
    expect(parsePixCode(single.subscription.payment!.pixCode!).recurrenceUrl).toBeUndefined()
    expect((await rowOf(single.subscription.id)).recurrenceStatus).toBeNull()
  })
})

describe("Pix Automático in the sandbox on the real clock", () => {
  it("debits the next period ahead of its date when asked early, one period per call", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      pixUrl(),
      { planName: "MONTHLY", automaticPix: true, ...payer },
      { token: buyer.token },
    )
    await settleInSandbox(t, answer.subscription, buyer.token)
    const firstEnd = (await rowOf(answer.subscription.id)).currentPeriodEnd!
    const early = async () => {
      const res = await t.inject({
        method: "POST",
        url: `/v1/sandbox/subscriptions/${answer.subscription.id}/pix-automatico/next-period`,
        token: await t.tokenFor(buyer.id),
        payload: { early: true },
      })
      expect(res.statusCode, res.body).toBe(200)
      return SubscriptionSchema.parse(res.json())
    }
    // Without early, nothing is due yet.
    await nextPeriod(answer.subscription.id, buyer)
    expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(1)

    const second = await early()
    expect(second).toMatchObject({ status: "paid", recurrenceStatus: "APROVADA" })
    const secondEnd = (await rowOf(answer.subscription.id)).currentPeriodEnd!
    expect(secondEnd.getTime()).toBeGreaterThan(firstEnd.getTime() + 27 * day)
    await early()
    const thirdEnd = (await rowOf(answer.subscription.id)).currentPeriodEnd!
    expect(thirdEnd.getTime()).toBeGreaterThan(secondEnd.getTime() + 27 * day)
    const payments = await paymentsOf(t, answer.subscription.id)
    expect(payments.map((p) => p.status)).toEqual(["paid", "paid", "paid"])
  })
})

describe("Pix Automático authorisations that never take effect", () => {
  const recurrenceAt = async (id: string) =>
    (await t.db.select().from(sandboxObjects).where(eq(sandboxObjects.id, id)))[0]!.data

  it("a rejected authorisation tells the follower, and the next Pix is a plain one-off", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      pixUrl(),
      { planName: "MONTHLY", automaticPix: true, ...payer },
      { token: buyer.token },
    )
    const mailsBefore = t.mailer.sent.length
    const refused = await settleInSandbox(t, answer.subscription, buyer.token, "refuse")
    expect(refused.recurrenceStatus).toBe("REJEITADA")
    expect(refused.status).not.toBe("paid")
    const mails = t.mailer.sent.slice(mailsBefore)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ subject: "Seu Pix Automático não foi autorizado" })
    expect(mails[0]!.text).toContain("Seu banco recusou a autorização")
    expect(mails[0]!.text).toContain(`/${creator.username}/payment`)

    const single = await checkout(t, pixUrl(), { planName: "MONTHLY" }, { token: buyer.token })
    expect(parsePixCode(single.subscription.payment!.pixCode!).recurrenceUrl).toBeUndefined()
    expect(single.subscription.recurrenceStatus).toBeNull()
    const paid = await settleInSandbox(t, single.subscription, buyer.token)
    expect(paid).toMatchObject({ status: "paid", recurrenceStatus: null })
    // Paid by one-off Pix, the next period is not refused as renewing by itself.
    const row = await rowOf(answer.subscription.id)
    expect(row.gatewaySubscriptionId).toBeNull()
  })

  it("an authorisation not approved before its first payment expires becomes EXPIRADA and stops at the gateway", async () => {
    const buyer = await t.createAccount()
    const answer = await checkout(
      t,
      pixUrl(),
      { planName: "MONTHLY", automaticPix: true, ...payer },
      { token: buyer.token },
    )
    const recurrence = (await rowOf(answer.subscription.id)).gatewaySubscriptionId!
    t.clock.advance(day - 60_000)
    await billing(t).maintenance.expirePayments()
    expect((await rowOf(answer.subscription.id)).recurrenceStatus).toBe("CRIADA")

    t.clock.advance(60_000)
    const mailsBefore = t.mailer.sent.length
    await billing(t).maintenance.expirePayments()
    const row = await rowOf(answer.subscription.id)
    expect(row.recurrenceStatus).toBe("EXPIRADA")
    expect(row.status).not.toBe("paid")
    expect(await recurrenceAt(recurrence)).toMatchObject({ suspended: true })
    const mails = t.mailer.sent.slice(mailsBefore)
    expect(mails.map((m) => m.subject)).toEqual(["Seu Pix Automático não foi autorizado"])
    expect(mails[0]!.text).toContain("expirou sem ser aprovada no seu banco")
    const token = await t.tokenFor(buyer.id)
    expect(await subscriptionOf(t, creator.username, token)).toMatchObject({
      recurrenceStatus: "EXPIRADA",
    })
    // Running the job again changes nothing and sends nothing.
    await billing(t).maintenance.expirePayments()
    expect(t.mailer.sent.length).toBe(mailsBefore + 1)
  })

  it("switching between Pix Automático and Pix avulso before paying gives the code of the kind chosen", async () => {
    const buyer = await t.createAccount()
    const single = await checkout(t, pixUrl(), { planName: "MONTHLY" }, { token: buyer.token })
    const automatic = await checkout(
      t,
      pixUrl(),
      { planName: "MONTHLY", automaticPix: true, ...payer },
      { token: buyer.token },
    )
    expect(automatic.subscription.payment!.id).not.toBe(single.subscription.payment!.id)
    expect(parsePixCode(automatic.subscription.payment!.pixCode!).recurrenceUrl).toBeDefined()
    expect(automatic.subscription.recurrenceStatus).toBe("CRIADA")
    const recurrence = (await rowOf(automatic.subscription.id)).gatewaySubscriptionId!

    const back = await checkout(t, pixUrl(), { planName: "MONTHLY" }, { token: buyer.token })
    expect(back.subscription.payment!.id).not.toBe(automatic.subscription.payment!.id)
    expect(parsePixCode(back.subscription.payment!.pixCode!).recurrenceUrl).toBeUndefined()
    expect(back.subscription.recurrenceStatus).toBeNull()
    // The abandoned authorisation can no longer be approved at the bank.
    expect(await recurrenceAt(recurrence)).toMatchObject({
      suspended: true,
      automatic_pix: { status: "CANCELADA" },
    })
    const paid = await settleInSandbox(t, back.subscription, buyer.token)
    expect(paid).toMatchObject({ status: "paid", recurrenceStatus: null })
  })
})
