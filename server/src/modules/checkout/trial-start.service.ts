import type { FastifyBaseLogger } from "fastify"
import { couponTrialMethodMessage, couponTrialUsedMessage } from "../../../../src/domain/coupons.ts"
import { trialEndsAt } from "../../../../src/domain/coupon-prices.ts"
import { planLabel, planMonths, totalCents } from "../../../../src/domain/plans.ts"
import { hasAccess } from "../../../../src/domain/statuses.ts"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import {
  GatewayDeclinedError,
  GatewayNotConfiguredError,
  type Buyer,
} from "../../adapters/gateways/gateway.ts"
import type { Clock } from "../../clock.ts"
import { AppError, ConflictError, ValidationError } from "../../errors.ts"
import {
  alreadyHasAccessMessage,
  gatewayNotConfiguredMessage,
  receiptInAnalysisMessage,
  savedCardNotFoundMessage,
} from "../../shared/billing-messages.ts"
import { providerOf } from "../../shared/payment-providers.ts"
import type { CouponsService } from "../coupons/coupons.service.ts"
import type { BillingStore } from "../payments/billing.repository.ts"
import type { PaymentLedger } from "../payments/payment-ledger.ts"
import type { GatewayCharge } from "./gateway-charge.ts"
import { failureMessage, type Started, type StartInput } from "./purchase-rules.ts"
import { createAutomaticPixTrial } from "./trial-automatic-pix.ts"

const trialStartedReason = "teste grátis iniciado"

/**
 * A free trial: the card is kept at the gateway and the subscription's first charge is
 * scheduled there for the trial's end, at the plan's price; access starts at once ("trialing").
 * Nothing is charged now, so there is no payment: the trial itself holds the coupon's use.
 */
export function createTrialStart(deps: {
  store: BillingStore
  ledger: PaymentLedger
  charge: Pick<GatewayCharge, "customerId">
  gateways: Gateways
  coupons: Pick<CouponsService, "claim">
  clock: Clock
  log: FastifyBaseLogger
}) {
  const now = () => deps.clock.now()

  /** Claims the coupon and opens the trial, under the subscription's and the coupon's locks. */
  function openTrial(input: StartInput, days: number, at = now()) {
    return deps.store.transaction(async (repo, tx) => {
      const subscription = await repo.ensureSubscription(input.buyer.id, input.profile.id, at)
      if (hasAccess(subscription, at))
        throw new ConflictError(alreadyHasAccessMessage, "already_subscribed")
      if (subscription.trialStartedAt)
        throw new ValidationError(couponTrialUsedMessage, "coupon_trial_used", "coupon")
      const open = await repo.openPayments(subscription.id)
      if (open.some((p) => p.status === "analyzing"))
        throw new ConflictError(receiptInAnalysisMessage, "receipt_in_analysis")
      const firstPeriod = !(await repo.latestPaidPayment(subscription.id))
      await deps.coupons.claim(tx, input.coupon!.id, firstPeriod)
      // A Pix or boleto left open would charge for the period the trial gives.
      for (const old of open)
        await deps.ledger.applyLocked(repo, subscription, old, "canceled", {
          actor: input.actor,
          reason: "substituído pelo teste grátis",
        })
      const trialing = await repo.updateSubscription(subscription.id, {
        status: "trialing",
        currentPeriodStart: at,
        currentPeriodEnd: trialEndsAt(at, days),
        canceledDate: null,
        failedDate: null,
        planId: input.plan.id,
        planName: input.plan.name,
        valueCents: input.plan.valueCents,
        paymentMethod: input.method,
        trialStartedAt: at,
        trialCouponId: input.coupon!.id,
        updatedAt: at,
      })
      await repo.audit({
        subscriptionId: subscription.id,
        entity: "subscription",
        fromStatus: subscription.status,
        toStatus: "trialing",
        actor: input.actor,
        reason: trialStartedReason,
        details: { couponId: input.coupon!.id, days },
        createdAt: at,
      })
      return { trialing, replaced: open }
    })
  }

  const automaticPixTrial = createAutomaticPixTrial({ ...deps, openTrial })

  return async function startTrial(input: StartInput, days: number): Promise<Started> {
    if (input.method === "pix" && input.automaticPix) return automaticPixTrial(input, days)
    const provider = providerOf(input.profile.paymentGateway)
    const gateway = deps.gateways.get(provider)
    if (input.method !== "credit_card" || !gateway.cards || !gateway.scheduleRenewal)
      throw new ValidationError(couponTrialMethodMessage, "coupon_method", "coupon")
    const buyer: Buyer = {
      accountId: input.buyer.id,
      email: input.buyer.email,
      name: input.card?.name ?? input.buyer.fullName,
      document: input.card?.document ?? null,
      address: null,
    }
    // The card is kept before the trial opens: a refused card starts nothing.
    let customer: string
    try {
      customer = (await deps.charge.customerId(buyer, provider))!
      if (input.card?.savedCardId) {
        const cards = await gateway.cards.listCards(customer)
        if (!cards.some((card) => card.id === input.card!.savedCardId))
          throw new GatewayDeclinedError(savedCardNotFoundMessage, "card_not_found")
      } else await gateway.cards.saveCard(customer, input.card!.token!)
    } catch (error) {
      if (error instanceof GatewayDeclinedError)
        throw new ValidationError(error.message, error.code, error.field)
      if (error instanceof GatewayNotConfiguredError)
        throw new AppError(503, gatewayNotConfiguredMessage, "gateway_not_configured")
      deps.log.error({ err: error }, "cartão do teste grátis não guardado")
      throw new AppError(502, failureMessage("credit_card"), "gateway_unavailable")
    }
    const { trialing, replaced } = await openTrial(input, days)
    for (const old of replaced)
      if (old.providerRef)
        gateway
          .cancelPayment(old.providerRef, old.method)
          .catch((err) =>
            deps.log.warn({ err, paymentId: old.id }, "cancelamento no gateway falhou"),
          )
    try {
      const id = await gateway.scheduleRenewal({
        customerId: customer,
        subscriptionId: trialing.id,
        startsAt: trialing.currentPeriodEnd!,
        plan: {
          id: input.plan.id,
          name: input.plan.name,
          months: planMonths(input.plan.name),
          amountCents: totalCents(input.plan),
          description: `Close Friends - ${planLabel(input.plan.name)}`,
        },
      })
      await deps.store.updateSubscription(trialing.id, {
        gateway: provider,
        gatewaySubscriptionId: id,
        updatedAt: now(),
      })
    } catch (err) {
      // Kept as the card renewals are (gateway-recurrences.ts): undoing it could not stop a
      // subscription iugu made while its answer was lost, which would then charge a buyer told
      // that nothing started. Without it the trial ends unpaid; with it, the charge is adopted.
      deps.log.error({ err, subscriptionId: trialing.id }, "cobrança do fim do teste não agendada")
    }
    return { subscriptionId: trialing.id, paymentId: null }
  }
}

export type StartTrial = ReturnType<typeof createTrialStart>
