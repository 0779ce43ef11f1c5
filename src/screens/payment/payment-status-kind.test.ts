import { describe, expect, it } from "vitest"
import { makePayment, makeSubscription } from "../../testing/fixtures/subscription.ts"
import type { Payment } from "../../domain/models.ts"
import { paymentStatusKind } from "./payment-status-kind.ts"

const withPayment = (payment: Partial<Payment>, status: "pending" | "whitelist" = "pending") =>
  makeSubscription({ status, payment: makePayment(payment) })

describe("paymentStatusKind", () => {
  it("says when there is no subscription or no payment", () => {
    expect(paymentStatusKind(null)).toBe("noSubscription")
    expect(paymentStatusKind(makeSubscription({ payment: null, status: "pending" }))).toBe(
      "noPayment",
    )
  })

  it("puts the VIP list before any payment", () => {
    expect(paymentStatusKind(withPayment({ status: "failed" }, "whitelist"))).toBe("whitelist")
  })

  it("tells pending payments apart by method", () => {
    expect(paymentStatusKind(withPayment({ paymentMethod: "boleto" }))).toBe("pendingBoleto")
    expect(paymentStatusKind(withPayment({ paymentMethod: "credit_card" }))).toBe("pendingCard")
    expect(paymentStatusKind(withPayment({ paymentMethod: "link" }))).toBe("pendingLink")
  })

  it("shows the Pix instructions by gateway until a receipt arrives", () => {
    expect(paymentStatusKind(withPayment({ paymentGateway: "bacen" }))).toBe("pendingPixKey")
    expect(paymentStatusKind(withPayment({ paymentGateway: "mercadoPago" }))).toBe(
      "pendingPixMercadoPago",
    )
    expect(paymentStatusKind(withPayment({ paymentGateway: "bacen", receiptUrl: "/r.png" }))).toBe(
      "pixInAnalysis",
    )
    expect(paymentStatusKind(withPayment({ status: "analyzing" }))).toBe("pixInAnalysis")
  })

  it("offers a new receipt only for a failed Pix without one", () => {
    expect(paymentStatusKind(withPayment({ status: "failed" }))).toBe("failedWithoutReceipt")
    expect(paymentStatusKind(withPayment({ status: "failed", receiptUrl: "/r.png" }))).toBe(
      "failedWithReceipt",
    )
    expect(paymentStatusKind(withPayment({ status: "failed", paymentMethod: "credit_card" }))).toBe(
      "failed",
    )
  })

  it("maps the final statuses one to one", () => {
    for (const status of ["paid", "canceled", "refunded", "overdue", "chargedback"] as const) {
      expect(paymentStatusKind(withPayment({ status }))).toBe(status)
    }
  })
})
