import type { PaymentStatus } from "../../../../src/domain/models.ts"
import type { Provider, ProviderPayment } from "../../adapters/gateways/gateway.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Clock } from "../../clock.ts"
import type { BillingStore, PaymentRow } from "../payments/billing.repository.ts"
import type { GatewayRecurrences } from "../payments/gateway-recurrences.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import { alreadyAt } from "../../shared/payment-moves.ts"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const moneyMoved = (status: PaymentStatus) =>
  status === "paid" || status === "refunded" || status === "chargedback"

export type SettleOutcome = "applied" | "unchanged" | "unmatched" | "ignored"

/**
 * A payment re-fetched from a gateway applied to ours: found by the gateway's id, by our
 * reference, or by the recurrence it renews. Applying the same state twice changes nothing.
 */
export function createPaymentSettlement(deps: {
  repo: BillingStore
  payments: PaymentsService
  recurrences: GatewayRecurrences
  clock: Clock
  log: FastifyBaseLogger
}) {
  const { repo } = deps
  const now = () => deps.clock.now()

  /** A gateway payment we did not create ourselves: a renewal, or a second try on the same checkout. */
  async function insertFollowUp(
    template: Pick<PaymentRow, "subscriptionId" | "planId" | "planName" | "planValueCents">,
    provider: Provider,
    remote: ProviderPayment,
    actor: string,
  ) {
    const at = now()
    const createdAt = await repo.nextPaymentTime(template.subscriptionId, at)
    const inserted = await repo.insertPaymentOnce({
      subscriptionId: template.subscriptionId,
      status: "pending",
      method: remote.method,
      gateway: provider,
      amountCents: remote.amountCents,
      planId: template.planId,
      planName: template.planName,
      planValueCents: template.planValueCents,
      providerRef: remote.providerPaymentId,
      providerPaymentId: remote.providerPaymentId,
      createdAt,
      updatedAt: at,
    })
    if (inserted) {
      await repo.audit({
        subscriptionId: inserted.subscriptionId,
        paymentId: inserted.id,
        entity: "payment",
        fromStatus: null,
        toStatus: "pending",
        actor,
        reason: remote.gatewaySubscriptionId
          ? "renovação cobrada pelo gateway"
          : "nova tentativa no gateway",
        details: { providerPaymentId: remote.providerPaymentId },
        createdAt: at,
      })
      return inserted
    }
    return repo.paymentByProvider(provider, remote.providerPaymentId)
  }

  /**
   * A renewal from a recurring object we never stored (the answer creating it was lost), found by
   * our subscription id it carries: it is this subscription's from now on, so a cancel stops it.
   */
  async function adoptRecurrence(provider: Provider, remote: ProviderPayment, actor: string) {
    const ref = remote.subscriptionRef
    if (!ref || !uuidPattern.test(ref) || !remote.gatewaySubscriptionId) return null
    const subscription = await repo.subscription(ref)
    if (!subscription) return null
    if (subscription.gatewaySubscriptionId) return subscription
    await repo.transaction(async (txRepo) => {
      const locked = (await txRepo.lockSubscription(subscription.id))!
      if (locked.gatewaySubscriptionId) return
      const at = now()
      await txRepo.updateSubscription(locked.id, {
        gateway: provider,
        gatewaySubscriptionId: remote.gatewaySubscriptionId,
        updatedAt: at,
      })
      await txRepo.audit({
        subscriptionId: locked.id,
        entity: "subscription",
        fromStatus: locked.status,
        toStatus: locked.status,
        actor,
        reason: "renovação no gateway vinculada pela primeira cobrança",
        details: { gateway: provider, gatewaySubscriptionId: remote.gatewaySubscriptionId },
        createdAt: at,
      })
    })
    return subscription
  }

  /** A payment the gateway's id does not find yet. */
  async function match(provider: Provider, remote: ProviderPayment, actor: string) {
    if (remote.paymentRef && uuidPattern.test(remote.paymentRef)) {
      const ours = await repo.payment(remote.paymentRef)
      if (ours && ours.gateway === provider) {
        if (
          !ours.providerPaymentId &&
          (await repo.attachProviderPayment(ours.id, remote.providerPaymentId, now()))
        )
          return repo.payment(ours.id)
        const attached = await repo.paymentByProvider(provider, remote.providerPaymentId)
        if (attached) return attached
        // Another gateway payment for the same checkout: keep it only if money moved or it renews.
        if (moneyMoved(remote.status) || remote.gatewaySubscriptionId)
          return insertFollowUp(ours, provider, remote, actor)
        return null
      }
    }
    if (remote.gatewaySubscriptionId) {
      const subscription =
        (await repo.subscriptionByGateway(provider, remote.gatewaySubscriptionId)) ??
        (await adoptRecurrence(provider, remote, actor))
      if (subscription)
        return insertFollowUp(
          {
            subscriptionId: subscription.id,
            planId: subscription.planId,
            planName: subscription.planName,
            planValueCents: subscription.valueCents,
          },
          provider,
          remote,
          actor,
        )
    }
    return null
  }

  /** Applies a re-fetched gateway payment. */
  async function settle(
    provider: Provider,
    remote: ProviderPayment,
    actor: string,
  ): Promise<SettleOutcome> {
    // Most notifications are of a payment known by its gateway id: read with its subscription,
    // its move can be written in one statement (see PaymentLedger.transition).
    const seen = await repo.paymentSeenByProvider(provider, remote.providerPaymentId)
    const row = seen?.payment ?? (await match(provider, remote, actor))
    if (!row) {
      deps.log.warn(
        { provider, providerPaymentId: remote.providerPaymentId },
        "pagamento do gateway sem correspondente",
      )
      return "unmatched"
    }
    if (remote.status === "paid" && remote.amountCents < row.amountCents) {
      // Never give access that was not paid for: leave it for a person to look at.
      deps.log.error(
        { paymentId: row.id, expected: row.amountCents, received: remote.amountCents },
        "valor pago menor que o cobrado",
      )
      return "ignored"
    }
    // Gateways repeat notifications: one already applied ends at the read that matched it.
    if (alreadyAt(row.status, remote.status)) return "unchanged"
    const result = await deps.payments.transition(
      row.id,
      remote.status,
      {
        actor,
        reason: `${provider}: ${remote.status}`,
        details: { providerPaymentId: remote.providerPaymentId },
      },
      row.subscriptionId,
      seen ?? undefined,
    )
    if (!result?.changed) return "unchanged"
    // A first card charge whose answer was lost: its renewals start now, like an answered one.
    const firstCardCharge = result.payment.method === "credit_card" && !remote.gatewaySubscriptionId
    if (result.payment.status === "paid" && firstCardCharge)
      await deps.recurrences.scheduleCardRenewal(row.id)
    return "applied"
  }

  return { settle }
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>
