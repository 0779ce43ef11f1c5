import { PAYMENT_EXPIRY_MS } from "../../../../src/domain/constants.ts"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Clock } from "../../clock.ts"
import type { GatewayRecurrences } from "../payments/gateway-recurrences.ts"
import type { SandboxRenewals } from "../sandbox/sandbox-renewals.ts"
import type { PaymentSettlement } from "../webhooks/payment-settlement.ts"
import type { WebhooksService } from "../webhooks/webhooks.service.ts"
import type { BillingJobsRepository } from "./billing-jobs.repository.ts"
import type { SettleByReference } from "./settle-by-reference.ts"

const minute = 60_000
/** Pending payments younger than this are left to their webhook. */
const pollAfterMs = 2 * minute
const actor = "job:reconcile"

/** Asks the gateways about payments still pending, and retries failed webhook processing. */
export function createReconciliation(deps: {
  jobsRepo: BillingJobsRepository
  webhooks: Pick<WebhooksService, "retryFailed">
  settlement: PaymentSettlement
  settleByReference: SettleByReference
  recurrences: GatewayRecurrences
  gateways: Gateways
  /** Only in the sandbox: the simulators' due renewals and compensated boletos. */
  sandboxRenewals: SandboxRenewals | null
  clock: Clock
  log: FastifyBaseLogger
}) {
  const { jobsRepo } = deps

  /**
   * Card renewals that must not charge again and could not be stopped at the gateway when that
   * became so (gateway down): asked again until they are. A renewal ends when the buyer cancels,
   * and also when a one-off Pix or boleto pays the period, which clears the cancel (checkout
   * treats such a period as renewing by nothing). Stopped is known per recurrence id.
   */
  async function stopCancelledRenewals() {
    let done = 0
    for (const subscription of await jobsRepo.renewalsToStop(50)) {
      if (await deps.recurrences.stopRecurrence(subscription, actor)) done++
    }
    return done
  }

  return async function reconcile() {
    const at = deps.clock.now()
    const retried = await deps.webhooks.retryFailed()
    const window = {
      createdBefore: new Date(at.getTime() - pollAfterMs),
      createdAfter: new Date(at.getTime() - 2 * PAYMENT_EXPIRY_MS),
    }
    const pending = await jobsRepo.pendingWithGatewayId(window, 200)
    let applied = 0
    for (const payment of pending) {
      const provider = payment.gateway as Provider
      try {
        const remote = await deps.gateways.get(provider).fetchPayment(payment.providerPaymentId!)
        if (remote && (await deps.settlement.settle(provider, remote, actor)) === "applied")
          applied++
      } catch (err) {
        deps.log.warn({ err, paymentId: payment.id }, "conciliação adiada: gateway sem resposta")
      }
    }
    // No gateway id yet (a card or link page, a charge whose answer was lost), or a Mercado Pago
    // page whose first attempt was refused while the buyer may still pay on it: searched by our
    // reference, so lost notifications never lose a payment.
    for (const found of await jobsRepo.unmatchedWithBuyer(window, at, 200)) {
      try {
        applied += (await deps.settleByReference(found, actor)).applied
      } catch (err) {
        deps.log.warn(
          { err, paymentId: found.payment.id },
          "conciliação adiada: gateway sem resposta",
        )
      }
    }
    const stopped = await stopCancelledRenewals()
    if (deps.sandboxRenewals) applied += await deps.sandboxRenewals()
    return { retried, applied, stopped }
  }
}
