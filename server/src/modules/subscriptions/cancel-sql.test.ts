import { asc, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type {
  PaymentMethod,
  PaymentStatus,
  SubscriptionStatus,
} from "../../../../src/domain/models.ts"
import { billingAudit, payments, subscriptions } from "../../db/schema-billing.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"
import { createBillingRepository } from "../payments/billing.repository.ts"
import { createPaymentLedger } from "../payments/payment-ledger.ts"

let t: TestApp
let creator: TestCreator
const day = 86_400_000
const context = {
  actor: "account:teste",
  paymentReason: "assinatura cancelada pela pessoa assinante",
  reason: "cancelada pela pessoa assinante",
}

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator()
})
afterAll(() => t.close())

type Scenario = {
  name: string
  status: SubscriptionStatus
  /** Days from now; null for none. */
  endInDays: number | null
  recurrenceStatus?: string
  /** A card or Pix Automático recurrence at the gateway. */
  recurrence?: boolean
  payments: Array<{
    status: PaymentStatus
    method: PaymentMethod
    /** "recurrence": the gateway's recurrence itself (a first card payment). */
    providerRef: "recurrence" | "other" | null
    ageMinutes: number
  }>
}

const scenarios: Scenario[] = [
  {
    name: "a Pix never paid",
    status: "pending",
    endInDays: null,
    payments: [{ status: "pending", method: "pix", providerRef: "other", ageMinutes: 5 }],
  },
  {
    name: "a card recurrence whose first payment is open",
    status: "pending",
    endInDays: null,
    recurrence: true,
    payments: [
      { status: "pending", method: "credit_card", providerRef: "recurrence", ageMinutes: 3 },
    ],
  },
  {
    name: "a Pix Automático debit pending, and a receipt in analysis",
    status: "paid",
    endInDays: 1,
    recurrence: true,
    recurrenceStatus: "APROVADA",
    payments: [
      { status: "pending", method: "pix", providerRef: "other", ageMinutes: 10 },
      { status: "analyzing", method: "pix", providerRef: null, ageMinutes: 20 },
      { status: "paid", method: "pix", providerRef: "other", ageMinutes: 60 * 24 * 30 },
    ],
  },
  {
    name: "a Pix Automático debit pending with a long period left",
    status: "paid",
    endInDays: 20,
    recurrence: true,
    recurrenceStatus: "APROVADA",
    payments: [
      { status: "analyzing", method: "pix", providerRef: null, ageMinutes: 2 },
      { status: "pending", method: "pix", providerRef: "other", ageMinutes: 30 },
    ],
  },
  {
    name: "a paid subscription with a boleto open",
    status: "paid",
    endInDays: 10,
    payments: [{ status: "pending", method: "boleto", providerRef: "other", ageMinutes: 1 }],
  },
  {
    name: "an expired subscription with nothing open",
    status: "paid",
    endInDays: -2,
    payments: [{ status: "canceled", method: "pix", providerRef: null, ageMinutes: 9 }],
  },
]

let twin = 0

/** One subscription of the scenario, for a new follower; its payments created oldest first. */
async function create(scenario: Scenario) {
  twin += 1
  const buyer = await t.createAccount()
  const now = t.clock.now()
  const recurrenceId = scenario.recurrence ? `recorrencia-${twin}` : null
  const [subscription] = await t.db
    .insert(subscriptions)
    .values({
      accountId: buyer.id,
      profileId: creator.profileId,
      status: scenario.status,
      planName: "MONTHLY",
      currentPeriodStart: scenario.endInDays === null ? null : new Date(now.getTime() - 20 * day),
      currentPeriodEnd:
        scenario.endInDays === null ? null : new Date(now.getTime() + scenario.endInDays * day),
      gateway: recurrenceId ? "iugu" : null,
      gatewaySubscriptionId: recurrenceId,
      recurrenceStatus: scenario.recurrenceStatus ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  for (const [index, payment] of scenario.payments.entries()) {
    const createdAt = new Date(now.getTime() - payment.ageMinutes * 60_000)
    await t.db.insert(payments).values({
      subscriptionId: subscription!.id,
      status: payment.status,
      method: payment.method,
      gateway: "iugu",
      amountCents: 2990,
      providerRef:
        payment.providerRef === "recurrence"
          ? recurrenceId
          : payment.providerRef && `fatura-${twin}-${index}`,
      createdAt,
      updatedAt: createdAt,
    })
  }
  return subscription!
}

/** The subscription, its payments and its audit, without what differs between two twins. */
async function outcome(id: string) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id))
  const paid = await t.db
    .select()
    .from(payments)
    .where(eq(payments.subscriptionId, id))
    .orderBy(asc(payments.createdAt))
  const position = new Map(paid.map((payment, index) => [payment.id, index]))
  const audit = await t.db.select().from(billingAudit).where(eq(billingAudit.subscriptionId, id))
  return {
    subscription: {
      status: row!.status,
      currentPeriodStart: row!.currentPeriodStart,
      currentPeriodEnd: row!.currentPeriodEnd,
      canceledDate: row!.canceledDate,
      failedDate: row!.failedDate,
      gateway: row!.gateway,
      hasRecurrence: row!.gatewaySubscriptionId !== null,
      recurrenceStatus: row!.recurrenceStatus,
      updatedAt: row!.updatedAt,
    },
    payments: paid.map((payment) => [payment.status, payment.updatedAt]),
    audit: audit
      .map((entry) => ({
        payment: entry.paymentId === null ? null : position.get(entry.paymentId),
        entity: entry.entity,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        actor: entry.actor,
        reason: entry.reason,
        details: entry.details,
        createdAt: entry.createdAt,
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  }
}

describe("cancelSubscriptionLocked", () => {
  it.each(scenarios)(
    "settles $name as the ledger's transitions do, one payment at a time",
    async (scenario) => {
      const ledger = createPaymentLedger({ db: t.db, clock: t.clock })
      const byLedger = await create(scenario)
      const inOneStatement = await create(scenario)

      // What the ledger does: each open payment through applyLocked, then the cancellation.
      await t.db.transaction(async (tx) => {
        const repo = createBillingRepository(tx)
        const subscription = (await repo.lockSubscription(byLedger.id))!
        for (const payment of await repo.openPayments(byLedger.id))
          await ledger.applyLocked(repo, subscription, payment, "canceled", {
            actor: context.actor,
            reason: context.paymentReason,
          })
        const now = t.clock.now()
        const updated = await repo.updateSubscription(byLedger.id, {
          status: "canceled",
          canceledDate: now,
          ...(subscription.recurrenceStatus ? { recurrenceStatus: "CANCELADA" } : {}),
          updatedAt: now,
        })
        await repo.audit({
          subscriptionId: byLedger.id,
          entity: "subscription",
          fromStatus: subscription.status,
          toStatus: "canceled",
          actor: context.actor,
          reason: context.reason,
          details: { accessUntil: updated.currentPeriodEnd?.toISOString() ?? null },
          createdAt: now,
        })
      })

      const cancellation = await t.db.transaction(async (tx) => {
        const subscription = (await createBillingRepository(tx).lockSubscription(
          inOneStatement.id,
        ))!
        return ledger.cancelSubscriptionLocked(tx, subscription, context)
      })

      const expected = await outcome(byLedger.id)
      expect(await outcome(inOneStatement.id)).toEqual(expected)
      expect(expected.subscription.status).toBe("canceled")
      const open = scenario.payments.filter(
        (p) => p.status === "pending" || p.status === "analyzing",
      )
      expect(cancellation.canceled).toHaveLength(open.length)
      expect(cancellation.gatewaySubscriptionId !== null).toBe(expected.subscription.hasRecurrence)
    },
  )
})
