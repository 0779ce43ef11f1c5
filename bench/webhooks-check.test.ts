import { describe, expect, it } from "vitest"
import { exactlyOnceProblems, type SettledPayment } from "./webhooks-check.ts"
import { notificationQueue } from "./webhooks.ts"

const settled = (invoiceId: string, changes: Partial<SettledPayment> = {}): SettledPayment => ({
  invoiceId,
  paymentStatus: "paid",
  subscriptionStatus: "paid",
  payments: 1,
  paymentPaidAudits: 1,
  subscriptionPaidAudits: 1,
  mails: 1,
  ...changes,
})

describe("exactlyOnceProblems", () => {
  it("finds none when every payment was applied once", () => {
    expect(exactlyOnceProblems([settled("A"), settled("B")], 2)).toEqual([])
  })

  it("names a payment applied twice, a duplicate payment row, a second mail", () => {
    const problems = exactlyOnceProblems(
      [
        settled("A", { paymentPaidAudits: 2, subscriptionPaidAudits: 2 }),
        settled("B", { payments: 2 }),
        settled("C", { mails: 2 }),
      ],
      3,
    )
    expect(problems).toEqual([
      "A: 2 payment audits, 2 subscription audits",
      "B: 2 payments",
      "C: 2 mails",
    ])
  })

  it("names a payment never applied, and payments missing from the database", () => {
    const unpaid = settled("A", {
      paymentStatus: "pending",
      subscriptionStatus: "pending",
      paymentPaidAudits: 0,
      subscriptionPaidAudits: 0,
      mails: 0,
    })
    expect(exactlyOnceProblems([unpaid], 2)).toEqual([
      "1 payments found, 2 made",
      "A: payment pending, subscription pending, 0 payment audits, 0 subscription audits, 0 mails",
    ])
  })
})

/** Seeded (a linear congruential generator), so the queue is the same on every run. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

describe("notificationQueue", () => {
  it("notifies every payment at least twice, some many times, shuffled", () => {
    const ids = Array.from({ length: 200 }, (_, i) => `F${i}`)
    const queue = notificationQueue(ids, seeded(30))
    const counts = new Map<string, number>()
    for (const id of queue) counts.set(id, (counts.get(id) ?? 0) + 1)
    expect([...counts.keys()].sort()).toEqual([...ids].sort())
    expect(Math.min(...counts.values())).toBe(2)
    expect(Math.max(...counts.values())).toBeGreaterThanOrEqual(7)
    // Not in the order made: the two notifications of the first payment are not side by side.
    expect(queue.slice(0, 4)).not.toEqual(["F0", "F0", "F1", "F1"])
  })
})
