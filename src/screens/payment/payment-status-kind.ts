import type { PaymentGateway, Subscription } from "../../domain/models.ts"

/** Which content the payment status screen shows (spec §4, "Payment status screen by state"). */
export type PaymentStatusKind =
  | "noSubscription"
  | "whitelist"
  | "noPayment"
  | "pendingBoleto"
  | "pendingCard"
  | "pendingLink"
  | "pendingPixKey"
  | "pendingPixMercadoPago"
  | "pixInAnalysis"
  | "failedWithReceipt"
  | "failedWithoutReceipt"
  | "failed"
  | "paid"
  | "canceled"
  | "refunded"
  | "overdue"
  | "chargedback"

export function paymentStatusKind(
  subscription: Pick<Subscription, "status" | "payment"> | null,
  profileGateway?: PaymentGateway,
): PaymentStatusKind {
  if (!subscription) return "noSubscription"
  if (subscription.status === "whitelist") return "whitelist"
  const payment = subscription.payment
  if (!payment) return "noPayment"
  const isPix = payment.paymentMethod === "pix"
  const hasReceipt = Boolean(payment.receiptUrl)
  switch (payment.status) {
    case "pending":
      if (payment.paymentMethod === "boleto") return "pendingBoleto"
      if (payment.paymentMethod === "credit_card") return "pendingCard"
      if (payment.paymentMethod === "link") return "pendingLink"
      if (hasReceipt) return "pixInAnalysis"
      return (payment.paymentGateway ?? profileGateway) === "mercadoPago"
        ? "pendingPixMercadoPago"
        : "pendingPixKey"
    case "analyzing":
      return isPix ? "pixInAnalysis" : "pendingCard"
    case "failed":
      if (!isPix) return "failed"
      return hasReceipt ? "failedWithReceipt" : "failedWithoutReceipt"
    case "paid":
      return "paid"
    case "canceled":
      return "canceled"
    case "refunded":
      return "refunded"
    case "overdue":
      return "overdue"
    case "chargedback":
      return "chargedback"
  }
}
