import type { PaymentStatus } from "../../../../src/domain/models.ts"
import type { Provider, ProviderPayment } from "../../adapters/gateways/gateway.ts"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { PaymentSettlement } from "../webhooks/payment-settlement.ts"
import type { PaymentWithBuyer } from "./billing-jobs.repository.ts"

/** Money came in or went back: the gateway payment that decides ours. */
export const moneyMoved = (status: PaymentStatus) =>
  status === "paid" || status === "refunded" || status === "chargedback"

/** Applied first: the attempt that paid settles ours; refused attempts before it change nothing. */
const settleOrder = (remote: ProviderPayment) =>
  remote.status === "paid" ? 0 : moneyMoved(remote.status) ? 1 : remote.status === "pending" ? 2 : 3

/**
 * A payment the gateway never gave us an id for (its card or link page, a charge whose answer
 * was lost), or whose only attempt so far was refused: what the gateway holds under our
 * reference is applied. Says whether money moved there.
 */
export function createSettleByReference(deps: {
  gateways: Gateways
  settlement: PaymentSettlement
}) {
  return async ({ payment, email, customerId }: PaymentWithBuyer, actor: string) => {
    const provider = payment.gateway as Provider
    const found = await deps.gateways.get(provider).findPayments({
      paymentId: payment.id,
      method: payment.method,
      buyerEmail: email,
      customerId,
      createdAt: payment.createdAt,
    })
    let applied = 0
    for (const remote of [...found].sort((a, b) => settleOrder(a) - settleOrder(b))) {
      if ((await deps.settlement.settle(provider, remote, actor)) === "applied") applied++
    }
    return { applied, moneyMoved: found.some((remote) => moneyMoved(remote.status)) }
  }
}

export type SettleByReference = ReturnType<typeof createSettleByReference>
