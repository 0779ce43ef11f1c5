import { buildPixCode } from "../../../../../src/domain/pix.ts"
import { GatewayDeclinedError, type Gateway } from "../gateway.ts"

export const noPixKeyMessage = "Esta criadora ainda não cadastrou uma chave Pix."

/** A txid of 25 letters and digits (the BR Code maximum) taken from our payment id. */
export const txidFor = (paymentId: string) => paymentId.replaceAll("-", "").slice(0, 25)

/**
 * Pix straight to the creator's own key: a static BR Code with the exact amount and a txid per
 * payment. No gateway tells us it was paid: the buyer sends a receipt and the creator confirms.
 */
export function createBacenGateway(options: { city: string }): Gateway {
  return {
    provider: "bacen",

    async charge(request) {
      if (request.method !== "pix")
        throw new GatewayDeclinedError("Esta criadora recebe apenas por Pix.", "method_unavailable")
      if (!request.seller.pixKey) throw new GatewayDeclinedError(noPixKeyMessage, "no_pix_key")
      const txid = txidFor(request.paymentId)
      return {
        status: "pending",
        providerRef: null,
        providerPaymentId: null,
        txid,
        pixCode: buildPixCode({
          key: request.seller.pixKey,
          name: request.seller.fullName,
          city: options.city,
          amountCents: request.amountCents,
          txid,
        }),
        pixUrl: null,
      }
    },

    async fetchPayment() {
      return null
    },
    async findPayments() {
      return []
    },
    async cancelPayment() {},
    async cancelRecurrence() {},
  }
}
