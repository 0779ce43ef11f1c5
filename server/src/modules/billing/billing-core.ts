import { eq } from "drizzle-orm"
import type { PaymentGateway, PaymentStatus } from "../../../../src/domain/models.ts"
import { planLabel, planMonths } from "../../../../src/domain/plans.ts"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import { accounts, profiles } from "../../db/schema.ts"
import type { ModuleDeps } from "../../deps.ts"
import { NotFoundError } from "../../errors.ts"
import {
  automaticPixFailedMail,
  automaticPixNotAuthorisedMail,
  paymentApprovedMail,
  receiptRejectedMail,
  receiptToReviewMail,
} from "./billing-mails.ts"
import { subscriptionNotFoundMessage } from "./billing-messages.ts"
import { createBillingRepository, type SubscriptionRow } from "./billing.repository.ts"
import { toSubscription } from "./billing-view.ts"
import { createPaymentLedger, type Transition, type TransitionContext } from "./payment-ledger.ts"

/** Audit reason of a recurring charge known to be stopped at its gateway. */
export const recurrenceStoppedReason = "renovação cancelada no gateway"

export const providerOf = (gateway: PaymentGateway): Provider =>
  gateway === "mercadoPagoPixOnly" ? "mercadoPago" : gateway

/** What the billing routes, webhooks, sandbox and jobs share: built once per app. */
export function createBillingCore(deps: ModuleDeps) {
  const repo = createBillingRepository(deps.db)
  const ledger = createPaymentLedger(deps)
  const resolved = deps.gateways

  const send = (mail: Parameters<ModuleDeps["mailer"]["send"]>[0]) =>
    deps.mailer.send(mail).catch((err) => deps.log.error({ err }, "billing mail failed"))

  /** The buyer's e-mail and the creator, for the e-mails about a subscription. */
  async function people(subscription: Pick<SubscriptionRow, "accountId" | "profileId">) {
    const [buyer] = await deps.db
      .select({ email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, subscription.accountId))
    const [creator] = await deps.db
      .select({
        fullName: profiles.fullName,
        username: profiles.username,
        email: accounts.email,
      })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(eq(profiles.id, subscription.profileId))
    return buyer && creator ? { buyer, creator } : null
  }

  /** E-mails that follow a status change; sent after the transaction committed. */
  async function notify(result: Transition) {
    const { payment, subscription } = result
    const found = await people(subscription)
    if (!found) return
    const { buyer, creator } = found
    const publicUrl = deps.config.publicUrl
    if (payment.status === "paid") {
      await send(
        paymentApprovedMail(buyer.email, creator, subscription.currentPeriodEnd, publicUrl),
      )
    } else if (payment.status === "failed" && payment.receiptKey) {
      await send(receiptRejectedMail(buyer.email, creator, publicUrl))
    } else if (
      payment.method === "pix" &&
      subscription.status === "unpaid" &&
      subscription.recurrenceStatus === "APROVADA" &&
      subscription.failedDate?.getTime() === payment.updatedAt.getTime() &&
      subscription.currentPeriodEnd
    ) {
      await send(
        automaticPixFailedMail(buyer.email, creator, subscription.currentPeriodEnd, publicUrl),
      )
    } else if (payment.status === "analyzing" && payment.receiptKey) {
      await send(receiptToReviewMail(creator.email, buyer.email, payment.amountCents, publicUrl))
    }
  }

  /**
   * After a first card payment at iugu (answered at once, or found later by its webhook or the
   * reconciliation job), the next periods are charged there automatically. Called only by whoever
   * moved the payment to paid, so concurrent deliveries schedule it once.
   */
  async function scheduleCardRenewal(paymentId: string) {
    const payment = await repo.payment(paymentId)
    if (!payment || payment.status !== "paid" || payment.method !== "credit_card") return
    const gateway = resolved.get(payment.gateway as Provider)
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
          amountCents: payment.amountCents,
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
  }

  /**
   * Stops a cancelled subscription's renewals at its gateway (iugu subscription, Mercado Pago
   * preapproval) through the API, and audits it. False when the gateway could not be reached: the
   * reconciliation job tries again until it can.
   */
  async function stopRecurrence(subscription: SubscriptionRow, actor: string) {
    if (!subscription.gateway || !subscription.gatewaySubscriptionId) return true
    try {
      await resolved
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
  }

  return {
    deps,
    repo,
    ledger,
    gateways: resolved,
    scheduleCardRenewal,
    stopRecurrence,

    /** A status change through the ledger, then its e-mail. */
    async transition(paymentId: string, to: PaymentStatus, context: TransitionContext) {
      const result = await ledger.transition(paymentId, to, context)
      if (result?.changed) {
        deps.log.info(
          { paymentId, from: result.from, to, actor: context.actor },
          "pagamento mudou de status",
        )
        await notify(result)
      }
      return result
    },
    notify,

    /** A Pix Automático authorisation refused or expired: the follower may pay a one-off Pix. */
    async notifyRecurrenceNotAuthorised(
      subscription: Pick<SubscriptionRow, "accountId" | "profileId">,
      status: "REJEITADA" | "EXPIRADA",
    ) {
      const found = await people(subscription)
      if (!found) return
      await send(
        automaticPixNotAuthorisedMail(
          found.buyer.email,
          found.creator,
          status,
          deps.config.publicUrl,
        ),
      )
    },

    async view(subscription: SubscriptionRow | string) {
      const row =
        typeof subscription === "string" ? await repo.subscription(subscription) : subscription
      if (!row) throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
      return toSubscription(row, await repo.viewParts(row), deps.storage)
    },
  }
}

export type BillingCore = ReturnType<typeof createBillingCore>
