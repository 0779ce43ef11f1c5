import { eq, like } from "drizzle-orm"
import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  idempotencyKeys,
  jobLeases,
  payments,
  sandboxObjects,
  subscriptions,
} from "../../db/schema-billing.ts"
import { createJobRunner } from "../../jobs/job-runner.ts"
import {
  createTestApp,
  type TestAccount,
  type TestApp,
  type TestCreator,
} from "../../../test/test-app.ts"
import {
  auditOf,
  billing,
  checkout,
  day,
  minute,
  paymentsOf,
  settleInSandbox,
  subscriptionOf,
} from "../../../test/billing-test-kit.ts"

let t: TestApp
let creator: TestCreator
let mp: TestCreator

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator({ paymentGateway: "iugu", fullName: "Duda Demo" })
  mp = await t.createCreator({ paymentGateway: "mercadoPago" })
})
afterAll(() => t.close())

const pixCheckout = (buyer: TestAccount, planName = "MONTHLY") =>
  checkout(t, `/v1/${creator.username}/iugu/subscription/pix`, { planName }, { token: buyer.token })

const refresh = async (buyer: TestAccount) => {
  buyer.token = await t.tokenFor(buyer.id)
  return subscriptionOf(t, creator.username, buyer.token)
}

describe("payment expiry", () => {
  it("ends a pending Pix a day later, cancelling it at the gateway, and leaves younger ones", async () => {
    const old = await t.createAccount()
    const young = await t.createAccount()
    const first = await pixCheckout(old)
    t.clock.advance(day - 10 * minute)
    await pixCheckout(young)
    t.clock.advance(10 * minute)
    expect(await billing(t).maintenance.expirePayments()).toBe(1)
    const expired = await refresh(old)
    expect(expired).toMatchObject({ status: "unpaid", payment: { status: "canceled" } })
    expect((await refresh(young))?.payment?.status).toBe("pending")
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, first.subscription.payment!.id))
    const [invoice] = await t.db
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, row!.providerPaymentId!))
    expect(invoice!.data).toMatchObject({ status: "canceled" })
    const audit = await auditOf(t, first.subscription.id)
    expect(audit.find((r) => r.toStatus === "canceled")?.actor).toBe("job:expire-payments")
  })

  it("looks at the gateway one last time: a payment paid without a webhook is paid, not expired", async () => {
    const buyer = await t.createAccount()
    const answer = await pixCheckout(buyer)
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, answer.subscription.payment!.id))
    await t.gateways.sandbox!.iugu.setInvoiceStatus(row!.providerPaymentId!, "paid")
    t.clock.advance(day)
    await billing(t).maintenance.expirePayments()
    expect(await refresh(buyer)).toMatchObject({ status: "paid", payment: { status: "paid" } })
  })
})

describe("reconciliation", () => {
  it("asks the gateway about pending payments whose webhook never came", async () => {
    const buyer = await t.createAccount()
    const res = await t.inject({
      method: "POST",
      url: `/v1/${mp.username}/mp/subscription/pix`,
      token: buyer.token,
      payload: { planName: "MONTHLY" },
    })
    const [row] = await t.db.select().from(payments).where(eq(payments.id, res.json().payment.id))
    await t.gateways.sandbox!.mercadoPago.setPaymentStatus(row!.providerPaymentId!, "approved")
    // Too young: its webhook may still be on its way.
    expect((await billing(t).maintenance.reconcile()).applied).toBe(0)
    t.clock.advance(3 * minute)
    expect((await billing(t).maintenance.reconcile()).applied).toBe(1)
    expect((await subscriptionOf(t, mp.username, buyer.token))?.status).toBe("paid")
  })

  it("delivers the sandbox gateways' card renewals when they fall due", async () => {
    const buyer = await t.createAccount()
    const token = await t.inject({
      method: "POST",
      url: "/v1/sandbox/iugu/payment_token",
      payload: {
        account_id: "sandbox",
        method: "credit_card",
        data: {
          number: "4111111111111111",
          verification_value: "123",
          first_name: "Rita",
          last_name: "Reis",
          month: "10",
          year: "2032",
        },
      },
    })
    const answer = await checkout(
      t,
      `/v1/${creator.username}/iugu/subscription/credit-card`,
      { planName: "MONTHLY", creditCardToken: token.json().id },
      { token: buyer.token },
    )
    const end = new Date(answer.subscription.currentPeriodEnd!)
    t.clock.set(new Date(end.getTime() + 60 * minute))
    await billing(t).maintenance.reconcile()
    const renewed = await refresh(buyer)
    expect(new Date(renewed!.currentPeriodEnd!).getTime()).toBeGreaterThan(end.getTime())
    expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(2)
  })
})

describe("periods and reminders", () => {
  it("e-mails Pix subscribers once, three days before the end, and never card renewals", async () => {
    const buyer = await t.createAccount()
    const answer = await pixCheckout(buyer)
    const paid = await settleInSandbox(t, answer.subscription, buyer.token)
    const end = new Date(paid.currentPeriodEnd!)

    t.clock.set(new Date(end.getTime() - 4 * day))
    expect(await billing(t).maintenance.remindRenewals()).toBe(0)
    t.clock.set(new Date(end.getTime() - 3 * day + minute))
    const sent = await Promise.all([
      billing(t).maintenance.remindRenewals(),
      billing(t).maintenance.remindRenewals(),
    ])
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1)
    const reminders = t.mailer.sent.filter(
      (mail) => mail.to === buyer.email && mail.subject === "Sua assinatura vence em breve",
    )
    expect(reminders).toHaveLength(1)
    // No code in the e-mail: a Pix code lasts 30 minutes, so the follower makes one on the page.
    expect(reminders[0]!.text).toContain(
      `Renovar agora: http://localhost:3000/${creator.username}/payment`,
    )
    expect(reminders[0]!.text).toContain(
      "gere o código Pix: ele vale por 30 minutos a partir de quando é gerado.",
    )
    expect(reminders[0]!.text).not.toMatch(/000201/)
    expect(await paymentsOf(t, answer.subscription.id)).toHaveLength(1)
    expect(await billing(t).maintenance.remindRenewals()).toBe(0)

    // Renewed with a new Pix: the new period gets its own reminder.
    buyer.token = await t.tokenFor(buyer.id)
    const renewal = await pixCheckout(buyer)
    const renewed = await settleInSandbox(t, renewal.subscription, buyer.token)
    t.clock.set(new Date(new Date(renewed.currentPeriodEnd!).getTime() - 2 * day))
    expect(await billing(t).maintenance.remindRenewals()).toBeGreaterThanOrEqual(1)
    expect(
      t.mailer.sent.filter(
        (mail) => mail.to === buyer.email && mail.subject === "Sua assinatura vence em breve",
      ),
    ).toHaveLength(2)
  })

  it("tells a boleto subscriber that a boleto takes 1 to 3 business days to be confirmed", async () => {
    const buyer = await t.createAccount()
    const row = await t.createSubscription({ accountId: buyer.id, profileId: creator.profileId })
    await t.db
      .update(subscriptions)
      .set({ paymentMethod: "boleto" })
      .where(eq(subscriptions.id, row.id))
    t.clock.set(new Date(row.currentPeriodEnd!.getTime() - 3 * day + minute))
    expect(await billing(t).maintenance.remindRenewals()).toBeGreaterThanOrEqual(1)
    const [reminder] = t.mailer.sent.filter((mail) => mail.to === buyer.email)
    expect(reminder!.text).toContain(
      "gere um novo boleto ou um Pix. O boleto leva de 1 a 3 dias úteis para ser confirmado",
    )
  })

  it("marks a period that ended unrenewed as unpaid; access had already ended by itself", async () => {
    const buyer = await t.createAccount()
    const answer = await pixCheckout(buyer)
    const paid = await settleInSandbox(t, answer.subscription, buyer.token)
    t.clock.set(new Date(new Date(paid.currentPeriodEnd!).getTime() + minute))
    buyer.token = await t.tokenFor(buyer.id)
    expect(
      (await t.inject({ url: `/v1/u/${creator.username}/stories`, token: buyer.token })).statusCode,
    ).toBe(403)
    await billing(t).maintenance.endPeriods()
    expect((await refresh(buyer))?.status).toBe("unpaid")
    const audit = await auditOf(t, answer.subscription.id)
    expect(audit.at(-1)).toMatchObject({ toStatus: "unpaid", actor: "job:end-periods" })
  })
})

describe("the jobs themselves", () => {
  it("run through the leased runner, and old idempotency keys are swept", async () => {
    await t.db.insert(idempotencyKeys).values({
      scope: "account:x",
      key: "chave-antiga-123",
      requestHash: "h",
      createdAt: new Date(t.clock.now().getTime() - 2 * day),
    })
    const runner = createJobRunner({
      db: t.db,
      clock: t.clock,
      log: pino({ level: "silent" }),
      jobs: billing(t).jobs,
    })
    expect((await runner.runDue()).sort()).toEqual([
      "billing.end-periods",
      "billing.expire-payments",
      "billing.idempotency-sweep",
      "billing.reconcile",
      "billing.renewal-reminders",
    ])
    expect(await runner.runDue()).toEqual([])
    expect(await t.db.$count(idempotencyKeys, eq(idempotencyKeys.key, "chave-antiga-123"))).toBe(0)
  })

  it("start with the server when payments.jobs is on, and stop with it", async () => {
    const withJobs = await createTestApp({ config: { payments: { jobs: true } } })
    try {
      // Other modules lease their own jobs (account retention) on the same runner table.
      const billingLeases = () => withJobs.db.$count(jobLeases, like(jobLeases.name, "billing.%"))
      for (let i = 0; i < 50 && (await billingLeases()) < 5; i++)
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await billingLeases()).toBe(5)
    } finally {
      await withJobs.close()
    }
  })
})
