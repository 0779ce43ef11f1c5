import type { FastifyBaseLogger } from "fastify"
import type { PaymentStatus } from "../../../../src/domain/models.ts"
import type { ViewerLinks } from "../../adapters/storage/media-links.ts"
import type { Storage } from "../../adapters/storage/storage.ts"
import { NotFoundError } from "../../errors.ts"
import { subscriptionNotFoundMessage } from "../../shared/billing-messages.ts"
import { toSubscription } from "../../shared/billing-view.ts"
import type { BillingRepository, SubscriptionRow } from "./billing.repository.ts"
import type { PaymentLedger, TransitionContext } from "./payment-ledger.ts"
import type { PaymentNotifications } from "./payment-notifications.ts"
import type { SeenPayment } from "./payment-seen.repository.ts"

/** A payment's status changes and the subscription as the buyer sees it. */
export function createPaymentsService(deps: {
  repo: BillingRepository
  ledger: PaymentLedger
  notifications: PaymentNotifications
  storage: Storage
  /** Private links (the receipt's) signed for one viewer. */
  linksFor: (viewer: string) => ViewerLinks
  log: FastifyBaseLogger
}) {
  const { repo, ledger, notifications } = deps
  return {
    /** A status change through the ledger, then its e-mail. */
    async transition(
      paymentId: string,
      to: PaymentStatus,
      context: TransitionContext,
      subscriptionId?: string,
      seen?: SeenPayment,
    ) {
      const result = await ledger.transition(paymentId, to, context, subscriptionId, seen)
      if (result?.changed) {
        deps.log.info(
          { paymentId, from: result.from, to, actor: context.actor },
          "pagamento mudou de status",
        )
        await notifications.afterTransition(result)
      }
      return result
    },

    /** The subscription as its buyer reads it (her receipt's link is signed for her). */
    async view(subscription: SubscriptionRow | string) {
      if (typeof subscription !== "string") {
        const links = deps.linksFor(subscription.accountId)
        return toSubscription(subscription, await repo.viewParts(subscription), deps.storage, links)
      }
      // By id: the row and its parts in one query.
      const found = await repo.subscriptionWithPartsById(subscription)
      if (!found) throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
      const { subscription: row, ...parts } = found
      return toSubscription(row, parts, deps.storage, deps.linksFor(row.accountId))
    },
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
