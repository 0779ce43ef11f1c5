import {
  canMoveRecurrence,
  isRecurrenceStatus,
  type RecurrenceStatus,
} from "../../../../src/domain/pix-automatic.ts"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Clock } from "../../clock.ts"
import type { BillingStore } from "../payments/billing.repository.ts"
import type { PaymentNotifications } from "../payments/payment-notifications.ts"
import { recurrenceStoppedReason } from "../../shared/payment-providers.ts"

/**
 * A gateway's recurring object as it is now, kept beside the subscription: Pix Automático's
 * status (only forward moves, CRIADA -> APROVADA -> CANCELADA, so late or repeated notifications
 * change nothing), and a recurrence stopped there, which cancels the subscription here too.
 */
export function createRecurrenceStatus(deps: {
  repo: BillingStore
  notifications: PaymentNotifications
  gateways: Gateways
  clock: Clock
  log: FastifyBaseLogger
}) {
  const { repo } = deps
  const now = () => deps.clock.now()

  /** Pix Automático: the recurrence's status as the gateway reports it now. */
  async function refresh(provider: Provider, gatewaySubscriptionId: string) {
    const subscription = await repo.subscriptionByGateway(provider, gatewaySubscriptionId)
    const known = subscription?.recurrenceStatus
    const automatic = deps.gateways.get(provider).automaticPix
    if (!subscription || !automatic || !isRecurrenceStatus(known)) return
    const status = await automatic.status(gatewaySubscriptionId)
    if (!status || status === known || !canMoveRecurrence(known, status)) return
    await move(subscription.id, status, `webhook:${provider}`)
  }

  /** One forward move of the recurrence status, audited; a refusal or expiry is e-mailed. */
  async function move(subscriptionId: string, status: RecurrenceStatus, actor: string) {
    const moved = await repo.transaction(async (txRepo) => {
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
  async function expire(subscriptionId: string, actor: string) {
    const subscription = await repo.subscription(subscriptionId)
    const provider = subscription?.gateway as Provider | null | undefined
    const recurrence = subscription?.gatewaySubscriptionId
    if (!subscription || subscription.recurrenceStatus !== "CRIADA" || !provider || !recurrence)
      return
    await refresh(provider, recurrence)
    if ((await repo.subscription(subscriptionId))?.recurrenceStatus !== "CRIADA") return
    await deps.gateways
      .get(provider)
      .cancelRecurrence(recurrence)
      .catch((err) =>
        deps.log.error({ err, subscriptionId }, "Pix Automático expirado não suspenso no gateway"),
      )
    await move(subscriptionId, "EXPIRADA", actor)
  }

  /** A recurring charge stopped at the gateway (its panel, the buyer's bank): cancel here too. */
  async function changed(provider: Provider, gatewaySubscriptionId: string, actor: string) {
    await refresh(provider, gatewaySubscriptionId)
    const subscription = await repo.subscriptionByGateway(provider, gatewaySubscriptionId)
    if (!subscription || subscription.canceledDate) return "unchanged" as const
    const gateway = deps.gateways.get(provider)
    if (!(await gateway.isRecurrenceCancelled?.(gatewaySubscriptionId))) return "unchanged" as const
    await repo.transaction(async (txRepo) => {
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

  return { refresh, expire, changed }
}

export type RecurrenceStatusService = ReturnType<typeof createRecurrenceStatus>
