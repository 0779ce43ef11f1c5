import type { Provider } from "../../adapters/gateways/gateway.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Clock } from "../../clock.ts"
import type { PaymentSettlement } from "./payment-settlement.ts"
import type { RecurrenceStatusService } from "./recurrence-status.ts"
import type { WebhookDeliveriesRepository } from "./webhook-deliveries.repository.ts"

/** What a gateway's notification topic names: a payment, a recurring charge, or neither. */
function topicKind(provider: Provider, topic: string) {
  if (provider === "iugu") {
    if (topic.startsWith("invoice.")) return "payment"
    if (topic.startsWith("subscription.")) return "recurrence"
    return null
  }
  if (topic === "payment") return "payment"
  if (topic === "subscription_preapproval" || topic === "preapproval") return "recurrence"
  return null
}

/**
 * What a gateway tells us, turned into our state. A notification only names a resource: we
 * re-fetch it from the gateway and trust nothing else. Applying the same state twice changes
 * nothing, so 1 or 50 deliveries, in any order, end in the gateway's current state.
 */
export function createWebhooksService(deps: {
  deliveries: WebhookDeliveriesRepository
  settlement: PaymentSettlement
  recurrenceStatus: RecurrenceStatusService
  gateways: Gateways
  clock: Clock
  log: FastifyBaseLogger
}) {
  const { deliveries, settlement, recurrenceStatus } = deps

  /** One notification: re-fetch what it names and apply it. */
  async function handle(provider: Provider, topic: string, resourceId: string) {
    const actor = `webhook:${provider}`
    const kind = topicKind(provider, topic)
    if (kind === "payment") {
      const remote = await deps.gateways.get(provider).fetchPayment(resourceId)
      if (!remote) {
        deps.log.warn(
          { provider, resourceId },
          "notificação de pagamento que o gateway não conhece",
        )
        return "unmatched" as const
      }
      const outcome = await settlement.settle(provider, remote, actor)
      if (remote.gatewaySubscriptionId)
        await recurrenceStatus.refresh(provider, remote.gatewaySubscriptionId)
      return outcome
    }
    if (kind === "recurrence") return recurrenceStatus.changed(provider, resourceId, actor)
    return "ignored" as const
  }

  /** Handles a notification; a failure (gateway down while re-fetching) is logged and kept. */
  async function attempt(provider: Provider, topic: string, resourceId: string) {
    try {
      return { outcome: await handle(provider, topic, resourceId) }
    } catch (err) {
      deps.log.error(
        { err, provider, topic, resourceId },
        "notificação não processada; nova tentativa pelo job",
      )
      return { outcome: "failed" as const, error: err instanceof Error ? err.message : String(err) }
    }
  }

  return {
    /**
     * Processes a delivery, then logs it with its result in one statement (a round trip fewer
     * than logging it first). One cut off before its log is not answered 200, so the gateway
     * sends it again; a failure is retried by the job.
     */
    async receive(provider: Provider, topic: string, resourceId: string) {
      const delivery = { provider, topic, resourceId, receivedAt: deps.clock.now() }
      const { outcome, error } = await attempt(provider, topic, resourceId)
      await deliveries.record(
        error === undefined
          ? { ...delivery, processedAt: deps.clock.now() }
          : { ...delivery, lastError: error },
      )
      return outcome
    },

    /** Deliveries whose processing failed (gateway down while re-fetching), tried again. */
    async retryFailed(limit = 50) {
      const rows = await deliveries.failed(limit)
      for (const row of rows) {
        const { error } = await attempt(row.provider as Provider, row.topic, row.resourceId)
        if (error === undefined) await deliveries.markProcessed(row.id, deps.clock.now())
        else await deliveries.markFailed(row.id, error)
      }
      return rows.length
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
