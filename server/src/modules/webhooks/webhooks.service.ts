import { eq, sql } from "drizzle-orm"
import type { PaymentStatus } from "../../../../src/domain/models.ts"
import {
  canMoveRecurrence,
  isRecurrenceStatus,
  type RecurrenceStatus,
} from "../../../../src/domain/pix-automatic.ts"
import type { Provider, ProviderPayment } from "../../adapters/gateways/gateway.ts"
import { webhookDeliveries } from "../../db/schema-billing.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Clock } from "../../clock.ts"
import type { Database } from "../../db/client.ts"
import {
  createBillingRepository,
  type BillingRepository,
  type PaymentRow,
} from "../payments/billing.repository.ts"
import type { GatewayRecurrences } from "../payments/gateway-recurrences.ts"
import type { PaymentNotifications } from "../payments/payment-notifications.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import { recurrenceStoppedReason } from "../payments/providers.ts"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const moneyMoved = (status: PaymentStatus) =>
  status === "paid" || status === "refunded" || status === "chargedback"

export type SettleOutcome = "applied" | "unchanged" | "unmatched" | "ignored"

/**
 * What a gateway tells us, turned into our state. A notification only names a resource: we
 * re-fetch it from the gateway and trust nothing else. Applying the same state twice changes
 * nothing, so 1 or 50 deliveries, in any order, end in the gateway's current state.
 */
export function createWebhooksService(deps: {
  db: Database
  repo: BillingRepository
  payments: PaymentsService
  notifications: PaymentNotifications
  recurrences: GatewayRecurrences
  gateways: Gateways
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
    await deps.db.transaction(async (tx) => {
      const txRepo = createBillingRepository(tx)
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

  async function match(provider: Provider, remote: ProviderPayment, actor: string) {
    const known = await repo.paymentByProvider(provider, remote.providerPaymentId)
    if (known) return known
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
    const row = await match(provider, remote, actor)
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
    const result = await deps.payments.transition(row.id, remote.status, {
      actor,
      reason: `${provider}: ${remote.status}`,
      details: { providerPaymentId: remote.providerPaymentId },
    })
    if (!result?.changed) return "unchanged"
    // A first card charge whose answer was lost: its renewals start now, like an answered one.
    if (result.payment.status === "paid" && !remote.gatewaySubscriptionId)
      await deps.recurrences.scheduleCardRenewal(row.id)
    return "applied"
  }

  /**
   * Pix Automático: the recurrence's status as the gateway reports it now, kept beside the
   * subscription. Only forward moves apply (CRIADA -> APROVADA -> CANCELADA), so late or repeated
   * notifications change nothing.
   */
  async function refreshRecurrence(provider: Provider, gatewaySubscriptionId: string) {
    const subscription = await repo.subscriptionByGateway(provider, gatewaySubscriptionId)
    const known = subscription?.recurrenceStatus
    const automatic = deps.gateways.get(provider).automaticPix
    if (!subscription || !automatic || !isRecurrenceStatus(known)) return
    const status = await automatic.status(gatewaySubscriptionId)
    if (!status || status === known || !canMoveRecurrence(known, status)) return
    await moveRecurrence(subscription.id, status, `webhook:${provider}`)
  }

  /** One forward move of the recurrence status, audited; a refusal or expiry is e-mailed. */
  async function moveRecurrence(subscriptionId: string, status: RecurrenceStatus, actor: string) {
    const moved = await deps.db.transaction(async (tx) => {
      const txRepo = createBillingRepository(tx)
      const locked = (await txRepo.lockSubscription(subscriptionId))!
      if (!isRecurrenceStatus(locked.recurrenceStatus)) return null
      if (!canMoveRecurrence(locked.recurrenceStatus, status)) return null
      if (locked.recurrenceStatus === status) return null
      const at = now()
      await txRepo.updateSubscription(locked.id, { recurrenceStatus: status, updatedAt: at })
      await txRepo.audit({
        subscriptionId: locked.id,
        entity: "subscription",
        fromStatus: locked.status,
        toStatus: locked.status,
        actor,
        reason: `Pix Automático: ${locked.recurrenceStatus} -> ${status}`,
        createdAt: at,
      })
      return locked
    })
    if (moved && (status === "REJEITADA" || status === "EXPIRADA"))
      await deps.notifications.recurrenceNotAuthorised(moved, status)
  }

  /**
   * The first payment of a journey 3 QR ended unpaid: the authorisation it carried can no longer
   * be approved. Unless the gateway already answered otherwise, it is stopped there and EXPIRADA.
   */
  async function expireRecurrence(subscriptionId: string, actor: string) {
    const subscription = await repo.subscription(subscriptionId)
    const provider = subscription?.gateway as Provider | null | undefined
    const recurrence = subscription?.gatewaySubscriptionId
    if (!subscription || subscription.recurrenceStatus !== "CRIADA" || !provider || !recurrence)
      return
    await refreshRecurrence(provider, recurrence)
    if ((await repo.subscription(subscriptionId))?.recurrenceStatus !== "CRIADA") return
    await deps.gateways
      .get(provider)
      .cancelRecurrence(recurrence)
      .catch((err) =>
        deps.log.error({ err, subscriptionId }, "Pix Automático expirado não suspenso no gateway"),
      )
    await moveRecurrence(subscriptionId, "EXPIRADA", actor)
  }

  /** A recurring charge stopped at the gateway (its panel, the buyer's bank): cancel here too. */
  async function recurrenceChanged(
    provider: Provider,
    gatewaySubscriptionId: string,
    actor: string,
  ) {
    await refreshRecurrence(provider, gatewaySubscriptionId)
    const subscription = await repo.subscriptionByGateway(provider, gatewaySubscriptionId)
    if (!subscription || subscription.canceledDate) return "unchanged" as const
    const gateway = deps.gateways.get(provider)
    if (!(await gateway.isRecurrenceCancelled?.(gatewaySubscriptionId))) return "unchanged" as const
    await deps.db.transaction(async (tx) => {
      const txRepo = createBillingRepository(tx)
      const locked = (await txRepo.lockSubscription(subscription.id))!
      if (locked.canceledDate) return
      const at = now()
      await txRepo.updateSubscription(locked.id, {
        status: "canceled",
        canceledDate: at,
        updatedAt: at,
      })
      await txRepo.audit({
        subscriptionId: locked.id,
        entity: "subscription",
        fromStatus: locked.status,
        toStatus: "canceled",
        actor,
        reason: recurrenceStoppedReason,
        createdAt: at,
      })
    })
    return "applied" as const
  }

  /** One notification: re-fetch what it names and apply it. */
  async function handle(provider: Provider, topic: string, resourceId: string) {
    const actor = `webhook:${provider}`
    const gateway = deps.gateways.get(provider)
    const isPayment = provider === "iugu" ? topic.startsWith("invoice.") : topic === "payment"
    if (isPayment) {
      const remote = await gateway.fetchPayment(resourceId)
      if (!remote) {
        deps.log.warn(
          { provider, resourceId },
          "notificação de pagamento que o gateway não conhece",
        )
        return "unmatched" as const
      }
      const outcome = await settle(provider, remote, actor)
      if (remote.gatewaySubscriptionId)
        await refreshRecurrence(provider, remote.gatewaySubscriptionId)
      return outcome
    }
    const isRecurrence =
      provider === "iugu"
        ? topic.startsWith("subscription.")
        : topic === "subscription_preapproval" || topic === "preapproval"
    if (isRecurrence) return recurrenceChanged(provider, resourceId, actor)
    return "ignored" as const
  }

  return {
    settle,
    handle,
    refreshRecurrence,
    expireRecurrence,

    /** Logs the delivery, processes it and records the result; a failure is retried by the job. */
    async receive(provider: Provider, topic: string, resourceId: string) {
      const [delivery] = await deps.db
        .insert(webhookDeliveries)
        .values({ provider, topic, resourceId, receivedAt: now() })
        .returning({ id: webhookDeliveries.id })
      return process(delivery!.id, provider, topic, resourceId)
    },

    /** Deliveries whose processing failed (gateway down while re-fetching), tried again. */
    async retryFailed(limit = 50) {
      const rows = await deps.db
        .select()
        .from(webhookDeliveries)
        .where(
          sql`${webhookDeliveries.processedAt} is null and ${webhookDeliveries.attempts} between 1 and 9`,
        )
        .orderBy(webhookDeliveries.receivedAt)
        .limit(limit)
      for (const row of rows)
        await process(row.id, row.provider as Provider, row.topic, row.resourceId)
      return rows.length
    },
  }

  async function process(id: string, provider: Provider, topic: string, resourceId: string) {
    try {
      const outcome = await handle(provider, topic, resourceId)
      await deps.db
        .update(webhookDeliveries)
        .set({
          processedAt: now(),
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastError: null,
        })
        .where(eq(webhookDeliveries.id, id))
      return outcome
    } catch (err) {
      deps.log.error(
        { err, provider, topic, resourceId },
        "notificação não processada; nova tentativa pelo job",
      )
      await deps.db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastError: err instanceof Error ? err.message : String(err),
        })
        .where(eq(webhookDeliveries.id, id))
      return "failed" as const
    }
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
