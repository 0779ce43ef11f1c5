import { describe, expect, it } from "vitest"
import { totalCents } from "../../domain/plans.ts"
import { demoPlans } from "../../testing/fixtures/profile.ts"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import { toAutomaticPix, toPixView } from "./use-pix-payment.ts"

// The quarterly plan with the service fee, as its first payment charges it.
const quarterlyTotal = totalCents(demoPlans[1]!)

describe("Pix page view", () => {
  it("waits for a payment with a Pix code", () => {
    expect(toPixView(undefined)).toEqual({ status: "loading" })
    expect(toPixView(makeSubscription({ payment: makePayment({ pixCode: null }) }))).toEqual({
      status: "loading",
    })
    const payment = makePayment()
    expect(toPixView(makeSubscription({ payment }))).toEqual({ status: "ready", payment })
  })
})

describe("Pix Automático note", () => {
  const awaiting = (overrides: Parameters<typeof makeSubscription>[0] = {}) =>
    makeSubscription({
      status: "pending",
      plan: null,
      recurrenceStatus: "CRIADA",
      payment: makePayment({ amountCents: quarterlyTotal }),
      ...overrides,
    })

  it("names the debit of the plan the first payment buys while the bank has not authorised it", () => {
    expect(toAutomaticPix(awaiting(), demoPlans)).toEqual({
      amountCents: quarterlyTotal,
      frequency: "TRIMESTRAL",
    })
  })

  it("prefers the subscription's own plan once it has one", () => {
    expect(toAutomaticPix(awaiting({ plan: demoPlans[0]! }), demoPlans)).toMatchObject({
      frequency: "MENSAL",
    })
  })

  it("is absent for a single Pix, an authorised recurrence or an amount no plan matches", () => {
    expect(toAutomaticPix(awaiting({ recurrenceStatus: null }), demoPlans)).toBeNull()
    expect(toAutomaticPix(awaiting({ recurrenceStatus: "APROVADA" }), demoPlans)).toBeNull()
    expect(
      toAutomaticPix(awaiting({ payment: makePayment({ amountCents: 1 }) }), demoPlans),
    ).toBeNull()
    expect(toAutomaticPix(null, demoPlans)).toBeNull()
  })
})
