import type { FastifyBaseLogger } from "fastify"
import { addMonths } from "../../../../src/domain/dates.ts"
import { planLabel, planMonths, totalCents } from "../../../../src/domain/plans.ts"
import { recurrenceFrequency, type RecurrenceStatus } from "../../../../src/domain/pix-automatic.ts"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import {
  GatewayDeclinedError,
  GatewayNotConfiguredError,
  GatewayUnavailableError,
  type Buyer,
  type ChargeRequest,
  type ChargeResult,
} from "../../adapters/gateways/gateway.ts"
import type { Clock } from "../../clock.ts"
import { AppError, ValidationError } from "../../errors.ts"
import {
  automaticPixUnavailableMessage,
  gatewayNotConfiguredMessage,
  savedCardNotFoundMessage,
} from "../../shared/billing-messages.ts"
import type { BillingRepository } from "../payments/billing.repository.ts"
import type { GatewayRecurrences } from "../payments/gateway-recurrences.ts"
import type { PaymentNotifications } from "../payments/payment-notifications.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import { providerOf } from "../../shared/payment-providers.ts"
import type { GatewayCharge } from "./gateway-charge.ts"
import type { ReservePayment } from "./payment-reservation.ts"
import type { StartTrial } from "./trial-start.service.ts"
import { failureMessage, type Started, type StartInput } from "./purchase-rules.ts"

/** Reserve, charge, record: the one way a payment starts. */
export function createPaymentStart(deps: {
  repo: BillingRepository
  reserve: ReservePayment
  trial: StartTrial
  charge: GatewayCharge
  gateways: Gateways
  payments: PaymentsService
  notifications: PaymentNotifications
  recurrences: GatewayRecurrences
  clock: Clock
  log: FastifyBaseLogger
  publicUrl: string
}) {
  const now = () => deps.clock.now()

  /** Reserve, charge, record: the one way a payment starts (a free trial charges nothing yet). */
  async function start(input: StartInput): Promise<Started> {
    if (input.coupon?.trialDays) return deps.trial(input, input.coupon.trialDays)
    const provider = providerOf(input.profile.paymentGateway)
    const reserved = await deps.reserve(input, provider)
    const ids = { subscriptionId: reserved.subscription.id, paymentId: reserved.payment.id }
    if (reserved.reused) {
      await deps.charge.awaitReady(reserved.payment.id)
      return ids
    }
    const gateway = deps.gateways.get(provider)
    for (const old of reserved.replaced) {
      if (old.providerRef)
        gateway
          .cancelPayment(old.providerRef, old.method)
          .catch((err) =>
            deps.log.warn({ err, paymentId: old.id }, "cancelamento no gateway falhou"),
          )
    }
    const payment = reserved.payment
    const buyer: Buyer = {
      accountId: input.buyer.id,
      email: input.buyer.email,
      name:
        input.automaticPix?.name ??
        input.boletoPayer?.name ??
        input.card?.name ??
        input.buyer.fullName,
      document:
        input.automaticPix?.document ?? input.boletoPayer?.document ?? input.card?.document ?? null,
      address: input.boletoPayer?.address ?? null,
    }
    const automatic = input.method === "pix" && input.automaticPix ? gateway.automaticPix : null
    if (input.method === "pix" && input.automaticPix && !automatic)
      throw new GatewayDeclinedError(automaticPixUnavailableMessage, "method_unavailable")
    await deps.charge.leaveUnapprovedRecurrence(reserved.subscription, Boolean(automatic))
    let customer: string | undefined
    let charging = false
    const username = input.profile.username
    try {
      if ((input.method === "credit_card" || automatic) && gateway.cards) {
        customer = await deps.charge.customerId(buyer, provider)
        if (input.card?.savedCardId) {
          const cards = await gateway.cards.listCards(customer!)
          if (!cards.some((card) => card.id === input.card!.savedCardId))
            throw new GatewayDeclinedError(savedCardNotFoundMessage, "card_not_found")
        }
      }
      charging = true
      const request: ChargeRequest = {
        paymentId: payment.id,
        idempotencyKey: payment.idempotencyKey!,
        method: input.method,
        amountCents: payment.amountCents,
        recurringAmountCents: totalCents(input.plan),
        description: `Close Friends @${username} - ${planLabel(input.plan.name)}`,
        plan: {
          id: input.plan.id,
          name: input.plan.name,
          months: planMonths(input.plan.name),
        },
        buyer,
        seller: {
          profileId: input.profile.id,
          username,
          fullName: input.profile.fullName,
          pixType: input.profile.pixType,
          pixKey: input.profile.pixKey,
        },
        now: payment.createdAt,
        expiresAt: payment.expiresAt!,
        returnUrl: `${deps.publicUrl}/${username}/payment/status`,
        notificationUrl: `${deps.publicUrl}/v1/webhooks/${provider === "iugu" ? "iugu" : "mercadopago"}`,
        card: input.card
          ? { token: input.card.token, savedCardId: input.card.savedCardId, customerId: customer }
          : undefined,
      }
      const result: ChargeResult & { recurrenceStatus?: RecurrenceStatus } = automatic
        ? await automatic.start({
            charge: request,
            customerId: customer!,
            subscriptionId: reserved.subscription.id,
            frequency: recurrenceFrequency(input.plan.name),
            firstDebitAt: addMonths(payment.createdAt, planMonths(input.plan.name)),
          })
        : await gateway.charge(request)
      if (result.recurrenceStatus) {
        await deps.repo.updateSubscription(reserved.subscription.id, {
          recurrenceStatus: result.recurrenceStatus,
          updatedAt: now(),
        })
      }
      const { settled, status } = await deps.charge.record(payment, result, input.actor)
      if (settled?.changed) await deps.notifications.afterTransition(settled)
      // Cancelled while the gateway was creating it? A pending answer's write saw it. Once the
      // answer is stored, whoever replaces the payment reads its reference and cancels it there.
      const latest = status === undefined ? (await deps.repo.payment(payment.id))?.status : status
      if (latest === "canceled" && result.providerRef) {
        await gateway
          .cancelPayment(result.providerRef, input.method)
          .catch((err) =>
            deps.log.warn({ err, paymentId: payment.id }, "cancelamento no gateway falhou"),
          )
      }
      if (result.status === "failed")
        throw new ValidationError(
          result.failureReason ?? failureMessage(input.method),
          "payment_declined",
        )
      if (settled?.changed && settled.payment.status === "paid" && provider === "iugu")
        await deps.recurrences.scheduleCardRenewal(payment.id)
      return ids
    } catch (error) {
      if (error instanceof AppError) throw error
      if (error instanceof GatewayDeclinedError) {
        await deps.payments.transition(payment.id, "failed", {
          actor: input.actor,
          reason: error.message,
          changes: { failureReason: error.message },
        })
        throw new ValidationError(error.message, error.code, error.field)
      }
      if (
        charging &&
        error instanceof GatewayUnavailableError &&
        input.method === "credit_card" &&
        provider === "iugu"
      ) {
        // The charge may exist: keep it pending for the webhook or the reconciliation job.
        deps.log.error({ err: error, paymentId: payment.id }, "cobrança no cartão sem resposta")
        return ids
      }
      await deps.payments.transition(payment.id, "failed", {
        actor: input.actor,
        reason: error instanceof Error ? error.message : "erro no gateway",
        changes: { failureReason: "gateway indisponível" },
      })
      if (error instanceof GatewayNotConfiguredError)
        throw new AppError(503, gatewayNotConfiguredMessage, "gateway_not_configured")
      if (error instanceof GatewayUnavailableError) {
        deps.log.error({ err: error, paymentId: payment.id }, "gateway indisponível")
        throw new AppError(502, failureMessage(input.method), "gateway_unavailable")
      }
      throw error
    }
  }

  return start
}

export type StartPayment = ReturnType<typeof createPaymentStart>
