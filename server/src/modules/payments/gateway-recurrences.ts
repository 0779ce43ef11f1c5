import type { FastifyBaseLogger } from "fastify"
import { planLabel, planMonths, totalCents } from "../../../../src/domain/plans.ts"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import type { Clock } from "../../clock.ts"
import type { BillingRepository, SubscriptionRow } from "./billing.repository.ts"
import { recurrenceStoppedReason } from "../../shared/payment-providers.ts"

/** Renewals the gateways charge on their own: scheduled after a first card payment, stopped on cancel. */
export function createGatewayRecurrences(deps: {
  repo: BillingRepository
  gateways: Gateways
  clock: Clock
  log: FastifyBaseLogger
}) {
  const { repo, gateways } = deps
  return {
    /**
     * After a first card payment at iugu (answered at once, or found later by its webhook or the
     * reconciliation job), the next periods are charged there automatically. Called only by whoever
     * moved the payment to paid, so concurrent deliveries schedule it once.
     */
    async scheduleCardRenewal(paymentId: string) {
      const payment = await repo.payment(paymentId)
      if (!payment || payment.status !== "paid" || payment.method !== "credit_card") return
      const gateway = gateways.get(payment.gateway as Provider)
      const subscription = await repo.subscription(payment.subscriptionId)
      if (!gateway.scheduleRenewal || !subscription?.currentPeriodEnd || !payment.planName) return
      const customer = await repo.customer(subscription.accountId, payment.gateway)
      if (!customer) return
      try {
        const id = await gateway.scheduleRenewal({
          customerId: customer.customerId,
          subscriptionId: subscription.id,
          startsAt: subscription.currentPeriodEnd,
          plan: {
            id: payment.planId!,
            name: payment.planName,
            months: planMonths(payment.planName),
            // The renewals charge the plan's price, even after a coupon's first charge.
            amountCents:
              payment.planValueCents === null
                ? payment.amountCents
                : totalCents({ valueCents: payment.planValueCents }),
            description: `Close Friends - ${planLabel(payment.planName)}`,
          },
        })
        await repo.updateSubscription(subscription.id, {
          gateway: payment.gateway,
          gatewaySubscriptionId: id,
          updatedAt: deps.clock.now(),
        })
      } catch (err) {
        // The renewal e-mail and a new checkout still work without it.
        deps.log.error({ err, paymentId }, "renovação automática no cartão não agendada")
      }
    },

    /**
     * Stops a cancelled subscription's renewals at its gateway (iugu subscription, Mercado Pago
     * preapproval) through the API, and audits it. False when the gateway could not be reached:
     * the reconciliation job tries again until it can.
     */
    async stopRecurrence(subscription: SubscriptionRow, actor: string) {
      if (!subscription.gateway || !subscription.gatewaySubscriptionId) return true
      try {
        await gateways
          .get(subscription.gateway as Provider)
          .cancelRecurrence(subscription.gatewaySubscriptionId)
      } catch (err) {
        deps.log.error(
          { err, subscriptionId: subscription.id },
          "renovação no gateway não foi cancelada; nova tentativa pelo job",
        )
        return false
      }
      await repo.audit({
        subscriptionId: subscription.id,
        entity: "subscription",
        fromStatus: subscription.status,
        toStatus: subscription.status,
        actor,
        reason: recurrenceStoppedReason,
        details: {
          gateway: subscription.gateway,
          gatewaySubscriptionId: subscription.gatewaySubscriptionId,
        },
        createdAt: deps.clock.now(),
      })
      return true
    },
  }
}

export type GatewayRecurrences = ReturnType<typeof createGatewayRecurrences>
