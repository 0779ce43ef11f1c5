import { describe, expect, it } from "vitest"
import { alreadyAt } from "./payment-moves.ts"

describe("alreadyAt: a repeated notification that needs no transaction", () => {
  it("holds for a payment already paid, refunded or charged back", () => {
    expect(alreadyAt("paid", "paid")).toBe(true)
    expect(alreadyAt("refunded", "refunded")).toBe(true)
    expect(alreadyAt("chargedback", "chargedback")).toBe(true)
  })

  it("does not hold for another status, which the locked transition decides", () => {
    expect(alreadyAt("pending", "paid")).toBe(false)
    expect(alreadyAt("paid", "refunded")).toBe(false)
  })

  it("does not hold where the payment may have left and come back since it was read", () => {
    // failed -> analyzing (a receipt) -> failed: a stale read of failed may be analyzing now.
    expect(alreadyAt("failed", "failed")).toBe(false)
    expect(alreadyAt("analyzing", "analyzing")).toBe(false)
    expect(alreadyAt("canceled", "canceled")).toBe(false)
  })
})
