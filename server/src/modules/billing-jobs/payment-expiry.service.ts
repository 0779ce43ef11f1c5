import { PAYMENT_EXPIRY_MS } from "../../../../src/domain/constants.ts"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Clock } from "../../clock.ts"
import type { BillingRepository } from "../payments/billing.repository.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import type { PaymentSettlement } from "../webhooks/payment-settlement.ts"
import type { RecurrenceStatusService } from "../webhooks/recurrence-status.ts"
import type { BillingJobsRepository } from "./billing-jobs.repository.ts"
import type { SettleByReference } from "./settle-by-reference.ts"

const actor = "job:expire-payments"

/** Pending payments older than a day end (after one last look at the gateway). */
export function createPaymentExpiry(deps: {
  jobsRepo: BillingJobsRepository
  repo: BillingRepository
  payments: PaymentsService
  settlement: PaymentSettlement
  settleByReference: SettleByReference
  recurrenceStatus: RecurrenceStatusService
  gateways: Gateways
  clock: Clock
  log: FastifyBaseLogger
}) {
  const { settlement, recurrenceStatus } = deps
  return async function expirePayments() {
    const at = deps.clock.now()
    const dayAgo = new Date(at.getTime() - PAYMENT_EXPIRY_MS)
    const stale = await deps.jobsRepo.expiringWithBuyer({ createdBefore: dayAgo, dueBy: at }, 200)
    let expired = 0
    for (const found of stale) {
      const { payment } = found
      const gateway = deps.gateways.get(payment.gateway as Provider)
      try {
        if (payment.providerPaymentId) {
          const remote = await gateway.fetchPayment(payment.providerPaymentId)
          if (remote && remote.status !== "pending") {
            await settlement.settle(payment.gateway as Provider, remote, actor)
            if (remote.status !== "paid")
              await recurrenceStatus.expire(payment.subscriptionId, actor)
            continue
          }
        } else if (payment.gateway !== "bacen") {
          // Its page may have been paid with every notification lost: ask by our reference.
          const { moneyMoved } = await deps.settleByReference(found, actor)
          if (moneyMoved) continue
        }
        // What the lookup found unpaid (an invoice of a charge whose answer was lost) ends too.
        const ref =
          payment.providerRef ?? (await deps.repo.payment(payment.id))?.providerPaymentId ?? null
        if (ref) await gateway.cancelPayment(ref, payment.method)
      } catch (err) {
        // Cannot ask the gateway now: try again on the next run rather than guess.
        deps.log.warn({ err, paymentId: payment.id }, "expiração adiada: gateway sem resposta")
        continue
      }
      const result = await deps.payments.transition(
        payment.id,
        payment.method === "boleto" ? "overdue" : "canceled",
        { actor, reason: "pagamento expirado" },
      )
      if (result?.changed) expired++
      // A journey 3 QR unpaid: the Pix Automático authorisation it carried expires with it.
      await recurrenceStatus.expire(payment.subscriptionId, actor)
    }
    return expired
  }
}
