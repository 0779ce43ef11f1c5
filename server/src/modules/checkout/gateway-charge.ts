import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Buyer, ChargeResult, Provider } from "../../adapters/gateways/gateway.ts"
import type { Clock } from "../../clock.ts"
import type { BillingStore, PaymentRow } from "../payments/billing.repository.ts"
import type { PaymentLedger } from "../payments/payment-ledger.ts"
import type { Reservation } from "./payment-reservation.ts"
import { isInCreation } from "./purchase-rules.ts"

const readyPollMs = 100
const readyWaitMs = 15_000

/** The steps around a gateway charge: its customer, its answer stored, the recurrence it replaces. */
export function createGatewayCharge(deps: {
  store: BillingStore
  ledger: PaymentLedger
  gateways: Gateways
  clock: Clock
  log: FastifyBaseLogger
}) {
  const { store } = deps
  const now = () => deps.clock.now()
  const inCreation = (p: PaymentRow) => isInCreation(p, now())

  /** A concurrent request is creating this payment at the gateway: wait for its answer. */
  async function awaitReady(paymentId: string) {
    const deadline = Date.now() + readyWaitMs
    for (;;) {
      const payment = await store.payment(paymentId)
      if (!payment || !inCreation(payment) || Date.now() > deadline) return payment
      await new Promise((resolve) => setTimeout(resolve, readyPollMs))
    }
  }

  async function customerId(buyer: Buyer, provider: Provider) {
    const existing = await store.customer(buyer.accountId, provider)
    if (existing) return existing.customerId
    const vault = deps.gateways.get(provider).cards
    if (!vault) return undefined
    const created = await vault.createCustomer(buyer)
    await store.insertCustomer({
      accountId: buyer.accountId,
      gateway: provider,
      customerId: created,
      createdAt: now(),
    })
    return (await store.customer(buyer.accountId, provider))!.customerId
  }

  /**
   * Phase 3: what the gateway answered, stored in one transaction with any status it settled.
   * `status` is the payment's own once stored, when the write saw it (a pending answer's).
   */
  async function record(payment: PaymentRow, result: ChargeResult, actor: string) {
    const answer = {
      providerRef: result.providerRef,
      pixCode: result.pixCode ?? null,
      pixUrl: result.pixUrl ?? null,
      boletoUrl: result.boletoUrl ?? null,
      checkoutUrl: result.checkoutUrl ?? null,
      txid: result.txid ?? null,
      failureReason: result.failureReason ?? null,
      updatedAt: now(),
    }
    // A pending answer settles nothing: one update, holding the payment's lock alone (so no
    // deadlock against the subscription-then-payment order), instead of a transaction of four.
    if (result.status === "pending" && !result.gatewaySubscriptionId) {
      const status = await store.storeGatewayAnswer(payment.id, answer, result.providerPaymentId)
      return { settled: null, status }
    }
    const settled = await store.transaction(async (txRepo) => {
      const subscription = await txRepo.lockSubscription(payment.subscriptionId)
      const locked = await txRepo.lockPayment(payment.id)
      if (!subscription || !locked) return null
      const stored = await txRepo.updatePayment(payment.id, {
        ...answer,
        providerPaymentId: locked.providerPaymentId ?? result.providerPaymentId,
      })
      let current = subscription
      if (result.gatewaySubscriptionId) {
        current = await txRepo.updateSubscription(subscription.id, {
          gateway: payment.gateway,
          gatewaySubscriptionId: result.gatewaySubscriptionId,
          updatedAt: now(),
        })
      }
      if (result.status === "pending") return null
      return deps.ledger.applyLocked(txRepo, current, stored, result.status, {
        actor,
        reason: result.failureReason ?? `${payment.gateway}: ${result.status}`,
      })
    })
    return { settled, status: undefined }
  }

  /**
   * A new code replaces a Pix Automático authorisation never approved (CRIADA): it is stopped at
   * the gateway so the old QR can no longer authorise. Without a new authorisation (a one-off
   * Pix), a recurrence that is not approved is forgotten: the subscription is plain Pix again.
   * An approved recurrence stays (its one-off Pix pays a failed debit).
   */
  async function leaveUnapprovedRecurrence(
    subscription: Reservation["subscription"],
    automatic: boolean,
  ) {
    const status = subscription.recurrenceStatus
    if (!status || status === "APROVADA") return
    if (status === "CRIADA" && subscription.gateway && subscription.gatewaySubscriptionId) {
      await deps.gateways
        .get(subscription.gateway as Provider)
        .cancelRecurrence(subscription.gatewaySubscriptionId)
        .catch((err) =>
          deps.log.warn(
            { err, subscriptionId: subscription.id },
            "autorização de Pix Automático substituída não foi suspensa no gateway",
          ),
        )
    }
    if (automatic) return
    await store.updateSubscription(subscription.id, {
      recurrenceStatus: null,
      gatewaySubscriptionId: null,
      updatedAt: now(),
    })
  }

  return { awaitReady, customerId, record, leaveUnapprovedRecurrence }
}

export type GatewayCharge = ReturnType<typeof createGatewayCharge>
