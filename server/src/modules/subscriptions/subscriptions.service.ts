import { CARDS_LOAD_ERROR } from "../../../../src/domain/messages.ts"
import type { PaymentMethod, SavedCard } from "../../../../src/domain/models.ts"
import {
  GatewayDeclinedError,
  GatewayNotConfiguredError,
  type Provider,
} from "../../adapters/gateways/gateway.ts"
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from "../../errors.ts"
import type { AuthAccount, TokenViewer } from "../../plugins/auth.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { ViewerLinks } from "../../adapters/storage/media-links.ts"
import type { Storage } from "../../adapters/storage/storage.ts"
import type { UnwrittenMemo } from "../../cache/unwritten-memo.ts"
import type { Clock } from "../../clock.ts"
import type { CreatorDirectory } from "../payments/billing-ports.ts"
import { toSubscription } from "../../shared/billing-view.ts"
import type { GatewayRecurrences } from "../payments/gateway-recurrences.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import { providerOf } from "../../shared/payment-providers.ts"
import {
  gatewayMismatchMessage,
  gatewayNotConfiguredMessage,
  notYourSubscriptionMessage,
  subscriptionNotFoundMessage,
} from "../../shared/billing-messages.ts"
import type { BillingStore } from "../payments/billing.repository.ts"
import type { PaymentLedger } from "../payments/payment-ledger.ts"
import type { Cancellation } from "../payments/subscription-cancellation.repository.ts"
import { withPixQrMask } from "../../shared/pix-qr-mask.ts"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The buyer's subscriptions: read, cancelled, and the card their renewals charge. */
export function createSubscriptionsService(deps: {
  repo: BillingStore
  ledger: PaymentLedger
  gateways: Gateways
  recurrences: GatewayRecurrences
  payments: PaymentsService
  creators: CreatorDirectory
  storage: Storage
  /** The receipt's link, signed for the one who reads the subscription. */
  linksFor: (viewer: string) => ViewerLinks
  clock: Clock
  log: FastifyBaseLogger
  unwritten: UnwrittenMemo
}) {
  const { repo, creators } = deps
  const now = () => deps.clock.now()

  async function find(id: string) {
    const row = uuidPattern.test(id) ? await repo.subscription(id) : null
    if (!row) throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
    return row
  }

  /** The buyer's own subscription; nobody else may act on it. */
  async function own(id: string, viewer: AuthAccount) {
    const row = await find(id)
    if (row.accountId !== viewer.id)
      throw new ForbiddenError(notYourSubscriptionMessage, "not_your_subscription")
    return row
  }

  async function vaultFor(profileId: string) {
    const profile = await creators.byId(profileId)
    const provider: Provider = profile ? providerOf(profile.paymentGateway) : "bacen"
    const vault = deps.gateways.get(provider).cards
    if (!vault) throw new ConflictError(gatewayMismatchMessage, "gateway_mismatch")
    return { provider, vault }
  }

  return {
    own,

    /** The signed-in follower's subscription to this creator, or null. */
    async forProfile(username: string, token: TokenViewer) {
      const name = creators.normalize(username)
      const { viewerId, tokenVersion } = token.params
      const found = await deps.unwritten.get(
        `subscription\n${name}\n${viewerId}\n${tokenVersion}`,
        () => repo.subscriptionForTokenByUsername(name, token.params),
      )
      token.accept(found.viewer)
      if (!found.profile || found.banned) throw creators.notFound()
      const { subscription, profile } = found
      if (!subscription) return null
      const links = deps.linksFor(subscription.accountId)
      return withPixQrMask(toSubscription(subscription, { ...found, profile }, deps.storage, links))
    },

    /** The buyer, the creator it pays, or an operator may read it. */
    async byId(id: string, viewer: AuthAccount) {
      const found = uuidPattern.test(id) ? await repo.subscriptionWithPartsById(id) : null
      if (!found) throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
      const { subscription, profile } = found
      if (
        subscription.accountId !== viewer.id &&
        viewer.role !== "admin" &&
        profile.accountId !== viewer.id
      )
        throw new ForbiddenError(notYourSubscriptionMessage, "not_your_subscription")
      return toSubscription(subscription, found, deps.storage, deps.linksFor(viewer.id))
    },

    /**
     * Owner only. Access stays until the end of the period already paid; open payments are
     * cancelled and the gateway stops renewing through its API (iugu and Mercado Pago both
     * offer it, and neither gives the buyer a page of its own to send them to), so the answer
     * carries no `menageUrl`. A gateway out of reach is asked again by the reconciliation job.
     */
    async cancel(id: string, viewer: AuthAccount): Promise<{ menageUrl?: string }> {
      // Two statements in one transaction: the buyer's own row locked, then the settlement.
      const outcome = await repo.transaction(async (locked, tx) => {
        const subscription = uuidPattern.test(id)
          ? await locked.lockOwnSubscription(id, viewer.id)
          : null
        if (!subscription) return null
        // Cancelling again settles nothing.
        if (subscription.canceledDate)
          return { subscription, canceled: [] as Cancellation["canceled"], cancelledNow: false }
        const settled = await deps.ledger.cancelSubscriptionLocked(tx, subscription, {
          actor: `account:${viewer.id}`,
          paymentReason: "assinatura cancelada pela pessoa assinante",
          reason: "cancelada pela pessoa assinante",
        })
        return {
          // What the settlement left of the gateway's renewal (an abandoned one is forgotten).
          subscription: {
            ...subscription,
            status: "canceled" as const,
            gateway: settled.gateway as typeof subscription.gateway,
            gatewaySubscriptionId: settled.gatewaySubscriptionId,
          },
          canceled: settled.canceled,
          cancelledNow: true,
        }
      })
      if (!outcome) {
        // Not the buyer's: 403 when it exists, else 404 (own throws either).
        await own(id, viewer)
        throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
      }
      for (const payment of outcome.canceled) {
        if (!payment.providerRef) continue
        await deps.gateways
          .get(payment.gateway as Provider)
          .cancelPayment(payment.providerRef, payment.method as PaymentMethod)
          .catch((err) =>
            deps.log.warn({ err, paymentId: payment.id }, "cancelamento no gateway falhou"),
          )
      }
      // A repeated call changes nothing; a renewal still running there is the job's to stop.
      if (outcome.cancelledNow)
        await deps.recurrences.stopRecurrence(outcome.subscription, `account:${viewer.id}`)
      return {}
    },

    /** Cards the buyer saved at the card gateway. */
    async savedCards(viewer: AuthAccount): Promise<SavedCard[]> {
      const customer = await repo.customer(viewer.id, "iugu")
      const vault = deps.gateways.get("iugu").cards
      if (!customer || !vault) return []
      try {
        return await vault.listCards(customer.customerId)
      } catch (err) {
        deps.log.error({ err }, "cartões salvos indisponíveis")
        throw new AppError(502, CARDS_LOAD_ERROR, "cards_unavailable")
      }
    },

    /** A new default card for the next renewals. */
    async updateCard(
      id: string,
      viewer: AuthAccount,
      input: { creditCardToken: string; accountName?: string; accountDocument?: string },
    ) {
      const subscription = await own(id, viewer)
      const { provider, vault } = await vaultFor(subscription.profileId)
      try {
        let customer = (await repo.customer(viewer.id, provider))?.customerId
        if (!customer) {
          const created = await vault.createCustomer({
            accountId: viewer.id,
            email: viewer.email,
            name: input.accountName ?? null,
            document: input.accountDocument ?? null,
          })
          await repo.insertCustomer({
            accountId: viewer.id,
            gateway: provider,
            customerId: created,
            createdAt: now(),
          })
          customer = (await repo.customer(viewer.id, provider))!.customerId
        }
        await vault.saveCard(customer, input.creditCardToken)
      } catch (error) {
        if (error instanceof GatewayDeclinedError)
          throw new ValidationError(error.message, error.code, "creditCardToken")
        if (error instanceof GatewayNotConfiguredError)
          throw new AppError(503, gatewayNotConfiguredMessage, "gateway_not_configured")
        throw new AppError(502, CARDS_LOAD_ERROR, "gateway_unavailable")
      }
      await repo.audit({
        subscriptionId: id,
        entity: "subscription",
        fromStatus: subscription.status,
        toStatus: subscription.status,
        actor: `account:${viewer.id}`,
        reason: "cartão de renovação atualizado",
        createdAt: now(),
      })
      return deps.payments.view(subscription.id)
    },
  }
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>
