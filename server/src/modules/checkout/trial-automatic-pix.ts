import type { FastifyBaseLogger } from "fastify"
import { couponTrialMethodMessage } from "../../../../src/domain/coupons.ts"
import { trialEndsAt } from "../../../../src/domain/coupon-prices.ts"
import { recurrenceFrequency } from "../../../../src/domain/pix-automatic.ts"
import { planLabel, planMonths, totalCents } from "../../../../src/domain/plans.ts"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import {
  GatewayDeclinedError,
  GatewayNotConfiguredError,
  type AutomaticPixAuthorizationResult,
} from "../../adapters/gateways/gateway.ts"
import type { Clock } from "../../clock.ts"
import type { PaymentRow, SubscriptionRow } from "../../db/rows.ts"
import { AppError, ValidationError } from "../../errors.ts"
import { gatewayNotConfiguredMessage } from "../../shared/billing-messages.ts"
import { providerOf } from "../../shared/payment-providers.ts"
import type { BillingStore } from "../payments/billing.repository.ts"
import type { GatewayCharge } from "./gateway-charge.ts"
import { failureMessage, type Started, type StartInput } from "./purchase-rules.ts"

type OpenTrial = (
  input: StartInput,
  days: number,
  at: Date,
) => Promise<{ trialing: SubscriptionRow; replaced: PaymentRow[] }>

/**
 * A free trial on Pix Automático (journey 4): the follower authorises the recurrence now, with a
 * QR that pays nothing, and its first debit is at the trial's end, at the plan's price. The
 * recurrence is made at the gateway before the trial opens, so a refusal there starts nothing;
 * a trial then refused here (the coupon used up meanwhile) stops that recurrence again.
 */
export function createAutomaticPixTrial(deps: {
  store: BillingStore
  charge: Pick<GatewayCharge, "customerId">
  gateways: Gateways
  clock: Clock
  log: FastifyBaseLogger
  openTrial: OpenTrial
}) {
  return async function automaticPixTrial(input: StartInput, days: number): Promise<Started> {
    const provider = providerOf(input.profile.paymentGateway)
    const gateway = deps.gateways.get(provider)
    const authorize = gateway.automaticPix?.authorize
    if (!authorize || !gateway.cards)
      throw new ValidationError(couponTrialMethodMessage, "coupon_method", "coupon")
    const at = deps.clock.now()
    // The gateway names the recurrence after the subscription, so its row comes first; a
    // refusal below takes it back if this purchase made it.
    const { subscription, created } = await deps.store.claimSubscription(
      input.buyer.id,
      input.profile.id,
      at,
    )
    const undo = async () => {
      if (!created) return
      await deps.store
        .transaction((repo) => repo.dropUnusedSubscription(subscription.id))
        .catch((err) =>
          deps.log.warn({ err, subscriptionId: subscription.id }, "assinatura recusada mantida"),
        )
    }
    let authorization: AutomaticPixAuthorizationResult
    try {
      const customerId = (await deps.charge.customerId(
        {
          accountId: input.buyer.id,
          email: input.buyer.email,
          name: input.automaticPix!.name,
          document: input.automaticPix!.document,
          address: null,
        },
        provider,
      ))!
      authorization = await authorize.call(gateway.automaticPix, {
        customerId,
        subscriptionId: subscription.id,
        frequency: recurrenceFrequency(input.plan.name),
        firstDebitAt: trialEndsAt(at, days),
        plan: {
          id: input.plan.id,
          name: input.plan.name,
          months: planMonths(input.plan.name),
          amountCents: totalCents(input.plan),
          description: `Close Friends - ${planLabel(input.plan.name)}`,
        },
      })
    } catch (error) {
      await undo()
      if (error instanceof GatewayDeclinedError)
        throw new ValidationError(error.message, error.code, error.field)
      if (error instanceof GatewayNotConfiguredError)
        throw new AppError(503, gatewayNotConfiguredMessage, "gateway_not_configured")
      deps.log.error({ err: error }, "Pix Automático do teste grátis não criado")
      throw new AppError(502, failureMessage("pix"), "gateway_unavailable")
    }
    let opened: Awaited<ReturnType<OpenTrial>>
    try {
      opened = await deps.openTrial(input, days, at)
    } catch (error) {
      await gateway
        .cancelRecurrence(authorization.gatewaySubscriptionId)
        .catch((err) =>
          deps.log.warn({ err, subscriptionId: subscription.id }, "Pix Automático não suspenso"),
        )
      await undo()
      throw error
    }
    for (const old of opened.replaced)
      if (old.providerRef)
        gateway
          .cancelPayment(old.providerRef, old.method)
          .catch((err) =>
            deps.log.warn({ err, paymentId: old.id }, "cancelamento no gateway falhou"),
          )
    await deps.store.updateSubscription(subscription.id, {
      gateway: provider,
      gatewaySubscriptionId: authorization.gatewaySubscriptionId,
      recurrenceStatus: authorization.recurrenceStatus,
      updatedAt: deps.clock.now(),
    })
    return {
      subscriptionId: subscription.id,
      paymentId: null,
      authorization: { pixCode: authorization.pixCode, pixUrl: authorization.pixUrl },
    }
  }
}
