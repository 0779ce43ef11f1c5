import { CARDS_LOAD_ERROR } from "../../../../src/domain/messages.ts"
import type { SavedCard } from "../../../../src/domain/models.ts"
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
import type { AuthAccount } from "../../plugins/auth.ts"
import { createProfilesRepository } from "../profiles/profiles.repository.ts"
import { and, eq } from "drizzle-orm"
import { subscriptions } from "../../db/schema-billing.ts"
import { providerOf, type BillingCore } from "./billing-core.ts"
import { toSubscription } from "./billing-view.ts"
import {
  gatewayMismatchMessage,
  gatewayNotConfiguredMessage,
  notYourSubscriptionMessage,
  subscriptionNotFoundMessage,
} from "./billing-messages.ts"
import { createBillingRepository, type PaymentRow } from "./billing.repository.ts"
import type { CheckoutService } from "./checkout.service.ts"
import type { Transition } from "./payment-ledger.ts"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function createSubscriptionsService(core: BillingCore, checkout: CheckoutService) {
  const { deps, repo } = core
  const profiles = createProfilesRepository(deps.db)
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
    const profile = await profiles.findById(profileId)
    const provider: Provider = profile ? providerOf(profile.paymentGateway) : "bacen"
    const vault = core.gateways.get(provider).cards
    if (!vault) throw new ConflictError(gatewayMismatchMessage, "gateway_mismatch")
    return { provider, vault }
  }

  return {
    own,

    /** The signed-in follower's subscription to this creator, or null. */
    async forProfile(username: string, viewer: AuthAccount) {
      const profile = await checkout.findProfile(username)
      const found = await repo.subscriptionWithParts(
        and(eq(subscriptions.accountId, viewer.id), eq(subscriptions.profileId, profile.id))!,
      )
      return found ? toSubscription(found.subscription, found, deps.storage) : null
    },

    /** The buyer, the creator it pays, or an operator may read it. */
    async byId(id: string, viewer: AuthAccount) {
      const found = uuidPattern.test(id)
        ? await repo.subscriptionWithParts(eq(subscriptions.id, id))
        : null
      if (!found) throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
      const { subscription, profile } = found
      if (
        subscription.accountId !== viewer.id &&
        viewer.role !== "admin" &&
        profile.accountId !== viewer.id
      )
        throw new ForbiddenError(notYourSubscriptionMessage, "not_your_subscription")
      return toSubscription(subscription, found, deps.storage)
    },

    /**
     * Owner only. Access stays until the end of the period already paid; open payments are
     * cancelled and the gateway stops renewing. `menageUrl` when the gateway needs its own page.
     */
    async cancel(id: string, viewer: AuthAccount): Promise<{ menageUrl?: string }> {
      await own(id, viewer)
      const outcome = await deps.db.transaction(async (tx) => {
        const txRepo = createBillingRepository(tx)
        const subscription = (await txRepo.lockSubscription(id))!
        if (subscription.canceledDate)
          return { subscription, open: [] as PaymentRow[], changed: [] }
        const at = now()
        const changed: Transition[] = []
        const open = await txRepo.openPayments(id)
        for (const payment of open) {
          const result = await core.ledger.applyLocked(txRepo, subscription, payment, "canceled", {
            actor: `account:${viewer.id}`,
            reason: "assinatura cancelada pela pessoa assinante",
          })
          if (result.changed) changed.push(result)
        }
        const updated = await txRepo.updateSubscription(id, {
          status: "canceled",
          canceledDate: at,
          // Pix Automático: no debit follows a cancellation (the gateway is told below).
          ...(subscription.recurrenceStatus ? { recurrenceStatus: "CANCELADA" } : {}),
          updatedAt: at,
        })
        await txRepo.audit({
          subscriptionId: id,
          entity: "subscription",
          fromStatus: subscription.status,
          toStatus: "canceled",
          actor: `account:${viewer.id}`,
          reason: "cancelada pela pessoa assinante",
          details: { accessUntil: updated.currentPeriodEnd?.toISOString() ?? null },
          createdAt: at,
        })
        return { subscription: updated, open, changed }
      })
      const { subscription } = outcome
      for (const payment of outcome.open) {
        if (!payment.providerRef) continue
        await core.gateways
          .get(payment.gateway as Provider)
          .cancelPayment(payment.providerRef, payment.method)
          .catch((err) =>
            deps.log.warn({ err, paymentId: payment.id }, "cancelamento no gateway falhou"),
          )
      }
      if (!subscription.gateway || !subscription.gatewaySubscriptionId) return {}
      try {
        await core.gateways
          .get(subscription.gateway as Provider)
          .cancelRecurrence(subscription.gatewaySubscriptionId)
        return {}
      } catch (err) {
        deps.log.error({ err, subscriptionId: id }, "renovação no gateway não foi cancelada")
        return subscription.manageUrl ? { menageUrl: subscription.manageUrl } : {}
      }
    },

    /** Cards the buyer saved at the card gateway. */
    async savedCards(viewer: AuthAccount): Promise<SavedCard[]> {
      const customer = await repo.customer(viewer.id, "iugu")
      const vault = core.gateways.get("iugu").cards
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
      return core.view(subscription.id)
    },
  }
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>
