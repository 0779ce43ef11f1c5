import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm"
import { PAYMENT_EXPIRY_MS } from "../../../../src/domain/constants.ts"
import type { PaymentStatus } from "../../../../src/domain/models.ts"
import type { Provider, ProviderPayment } from "../../adapters/gateways/gateway.ts"
import { billingAudit, gatewayCustomers, payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts, profiles } from "../../db/schema.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { Mailer } from "../../adapters/mail/mailer.ts"
import type { Clock } from "../../clock.ts"
import type { Database } from "../../db/client.ts"
import { renewalReminderMail } from "../payments/billing-mails.ts"
import {
  createBillingRepository,
  type BillingRepository,
  type PaymentRow,
} from "../payments/billing.repository.ts"
import type { GatewayRecurrences } from "../payments/gateway-recurrences.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import { recurrenceStoppedReason } from "../payments/providers.ts"
import type { SandboxRenewals } from "../sandbox/sandbox-renewals.ts"
import type { WebhooksService } from "../webhooks/webhooks.service.ts"

const minute = 60_000
const day = 24 * 60 * minute
/** Renewal e-mails go this long before the period ends. */
export const reminderLeadMs = 3 * day
/** Pending payments younger than this are left to their webhook. */
const pollAfterMs = 2 * minute

/** Money came in or went back: the gateway payment that decides ours. */
const moneyMoved = (status: PaymentStatus) =>
  status === "paid" || status === "refunded" || status === "chargedback"

/** Applied first: the attempt that paid settles ours; refused attempts before it change nothing. */
const settleOrder = (remote: ProviderPayment) =>
  remote.status === "paid" ? 0 : moneyMoved(remote.status) ? 1 : remote.status === "pending" ? 2 : 3

interface Lookup {
  payment: PaymentRow
  email: string
  customerId: string | null
}

/** The work of the background jobs; each step is safe to run again and on any replica. */
export function createMaintenanceService(deps: {
  db: Database
  repo: BillingRepository
  payments: PaymentsService
  recurrences: GatewayRecurrences
  webhooks: WebhooksService
  gateways: Gateways
  /** Only in the sandbox: the simulators' due renewals and compensated boletos. */
  sandboxRenewals: SandboxRenewals | null
  mailer: Mailer
  clock: Clock
  log: FastifyBaseLogger
  publicUrl: string
}) {
  const { webhooks } = deps
  const now = () => deps.clock.now()

  /** Payments with what a lookup by our reference needs: the buyer's e-mail and customer there. */
  const withBuyer = (where: SQL | undefined) =>
    deps.db
      .select({ payment: payments, email: accounts.email, customerId: gatewayCustomers.customerId })
      .from(payments)
      .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .leftJoin(
        gatewayCustomers,
        and(
          eq(gatewayCustomers.accountId, subscriptions.accountId),
          eq(gatewayCustomers.gateway, payments.gateway),
        ),
      )
      .where(where)

  /**
   * A payment the gateway never gave us an id for (its card or link page, a charge whose answer
   * was lost), or whose only attempt so far was refused: what the gateway holds under our
   * reference is applied. Says whether money moved there.
   */
  async function settleByReference({ payment, email, customerId }: Lookup, actor: string) {
    const provider = payment.gateway as Provider
    const found = await deps.gateways.get(provider).findPayments({
      paymentId: payment.id,
      method: payment.method,
      buyerEmail: email,
      customerId,
      createdAt: payment.createdAt,
    })
    let applied = 0
    for (const remote of [...found].sort((a, b) => settleOrder(a) - settleOrder(b))) {
      if ((await webhooks.settle(provider, remote, actor)) === "applied") applied++
    }
    return { applied, moneyMoved: found.some((remote) => moneyMoved(remote.status)) }
  }

  /** Pending payments older than a day end (after one last look at the gateway). */
  async function expirePayments() {
    const at = now()
    const dayAgo = new Date(at.getTime() - PAYMENT_EXPIRY_MS)
    const stale = await withBuyer(
      and(
        eq(payments.status, "pending"),
        or(
          and(sql`${payments.method} <> 'boleto'`, lte(payments.createdAt, dayAgo)),
          and(eq(payments.method, "boleto"), lte(payments.expiresAt, at)),
        ),
      ),
    ).limit(200)
    let expired = 0
    for (const found of stale) {
      const { payment } = found
      const gateway = deps.gateways.get(payment.gateway as Provider)
      try {
        if (payment.providerPaymentId) {
          const remote = await gateway.fetchPayment(payment.providerPaymentId)
          if (remote && remote.status !== "pending") {
            await webhooks.settle(payment.gateway as Provider, remote, "job:expire-payments")
            if (remote.status !== "paid")
              await webhooks.expireRecurrence(payment.subscriptionId, "job:expire-payments")
            continue
          }
        } else if (payment.gateway !== "bacen") {
          // Its page may have been paid with every notification lost: ask by our reference.
          const { moneyMoved } = await settleByReference(found, "job:expire-payments")
          if (moneyMoved) continue
        }
        // What the lookup found unpaid (an invoice of a charge whose answer was lost) ends too.
        const ref =
          payment.providerRef ?? (await deps.repo.payment(payment.id))?.providerPaymentId ?? null
        if (ref) await gateway.cancelPayment(ref, payment.method)
      } catch (err) {
        // Cannot ask the gateway now: try again on the next run rather than guess.
        deps.log.warn({ err, paymentId: payment.id }, "expiração adiada: gateway sem resposta")
        continue
      }
      const result = await deps.payments.transition(
        payment.id,
        payment.method === "boleto" ? "overdue" : "canceled",
        { actor: "job:expire-payments", reason: "pagamento expirado" },
      )
      if (result?.changed) expired++
      // A journey 3 QR unpaid: the Pix Automático authorisation it carried expires with it.
      await webhooks.expireRecurrence(payment.subscriptionId, "job:expire-payments")
    }
    return expired
  }

  /** Asks the gateways about payments still pending, and retries failed webhook processing. */
  async function reconcile() {
    const at = now()
    const retried = await webhooks.retryFailed()
    const window = and(
      inArray(payments.gateway, ["iugu", "mercadoPago"]),
      lte(payments.createdAt, new Date(at.getTime() - pollAfterMs)),
      gt(payments.createdAt, new Date(at.getTime() - 2 * PAYMENT_EXPIRY_MS)),
    )
    const pending = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, "pending"), isNotNull(payments.providerPaymentId), window))
      .limit(200)
    let applied = 0
    for (const payment of pending) {
      const provider = payment.gateway as Provider
      try {
        const remote = await deps.gateways.get(provider).fetchPayment(payment.providerPaymentId!)
        if (remote && (await webhooks.settle(provider, remote, "job:reconcile")) === "applied")
          applied++
      } catch (err) {
        deps.log.warn({ err, paymentId: payment.id }, "conciliação adiada: gateway sem resposta")
      }
    }
    // No gateway id yet (a card or link page, a charge whose answer was lost), or a Mercado Pago
    // page whose first attempt was refused while the buyer may still pay on it: searched by our
    // reference, so lost notifications never lose a payment.
    const unknown = await withBuyer(
      and(
        window,
        or(
          and(eq(payments.status, "pending"), isNull(payments.providerPaymentId)),
          and(
            eq(payments.status, "failed"),
            eq(payments.gateway, "mercadoPago"),
            inArray(payments.method, ["credit_card", "link"]),
            gt(payments.expiresAt, at),
          ),
        ),
      ),
    ).limit(200)
    for (const found of unknown) {
      try {
        applied += (await settleByReference(found, "job:reconcile")).applied
      } catch (err) {
        deps.log.warn(
          { err, paymentId: found.payment.id },
          "conciliação adiada: gateway sem resposta",
        )
      }
    }
    const stopped = await stopCancelledRenewals()
    if (deps.sandboxRenewals) applied += await deps.sandboxRenewals()
    return { retried, applied, stopped }
  }

  /**
   * Card renewals that must not charge again and could not be stopped at the gateway when that
   * became so (gateway down): asked again until they are. A renewal ends when the buyer cancels,
   * and also when a one-off Pix or boleto pays the period, which clears the cancel (checkout
   * treats such a period as renewing by nothing). Stopped is known per recurrence id.
   */
  async function stopCancelledRenewals() {
    const stopped = sql`exists (select 1 from ${billingAudit} a where a.subscription_id = ${subscriptions.id} and a.reason = ${recurrenceStoppedReason} and a.details->>'gatewaySubscriptionId' = ${subscriptions.gatewaySubscriptionId} and a.created_at >= coalesce(${subscriptions.canceledDate}, '-infinity'))`
    const paidOneOff = or(
      and(eq(subscriptions.paymentMethod, "pix"), isNull(subscriptions.recurrenceStatus)),
      eq(subscriptions.paymentMethod, "boleto"),
    )
    const waiting = await deps.db
      .select()
      .from(subscriptions)
      .where(
        and(
          or(isNotNull(subscriptions.canceledDate), paidOneOff),
          isNotNull(subscriptions.gatewaySubscriptionId),
          inArray(subscriptions.gateway, ["iugu", "mercadoPago"]),
          sql`not ${stopped}`,
        ),
      )
      .limit(50)
    let done = 0
    for (const subscription of waiting) {
      if (await deps.recurrences.stopRecurrence(subscription, "job:reconcile")) done++
    }
    return done
  }

  /** A paid period that ended without a new payment: the status says so (access already ended). */
  async function endPeriods() {
    const at = now()
    const ended = await deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, ["paid", "trialing"]),
          lte(subscriptions.currentPeriodEnd, at),
        ),
      )
      .limit(500)
    for (const { id } of ended) {
      await deps.db.transaction(async (tx) => {
        const repo = createBillingRepository(tx)
        const row = await repo.lockSubscription(id)
        if (!row || !["paid", "trialing"].includes(row.status)) return
        if (!row.currentPeriodEnd || row.currentPeriodEnd > at) return
        await repo.updateSubscription(id, { status: "unpaid", updatedAt: at })
        await repo.audit({
          subscriptionId: id,
          entity: "subscription",
          fromStatus: row.status,
          toStatus: "unpaid",
          actor: "job:end-periods",
          reason: "período terminou sem renovação",
          createdAt: at,
        })
      })
    }
    return ended.length
  }

  /**
   * Three days before a period ends, subscribers who renew by hand (Pix, boleto) get one e-mail
   * per period. The conditional update makes it once even with replicas racing.
   */
  async function remindRenewals() {
    const at = now()
    const due = await deps.db
      .select({
        id: subscriptions.id,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        paymentMethod: subscriptions.paymentMethod,
        email: accounts.email,
        fullName: profiles.fullName,
        username: profiles.username,
      })
      .from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
      .where(
        and(
          eq(subscriptions.status, "paid"),
          isNull(subscriptions.canceledDate),
          isNull(subscriptions.gatewaySubscriptionId),
          gt(subscriptions.currentPeriodEnd, at),
          lte(subscriptions.currentPeriodEnd, new Date(at.getTime() + reminderLeadMs)),
          sql`${subscriptions.reminderSentFor} is distinct from ${subscriptions.currentPeriodEnd}`,
        ),
      )
      .limit(500)
    let sent = 0
    for (const row of due) {
      const [claimed] = await deps.db
        .update(subscriptions)
        .set({ reminderSentFor: row.currentPeriodEnd })
        .where(
          and(
            eq(subscriptions.id, row.id),
            sql`${subscriptions.reminderSentFor} is distinct from ${subscriptions.currentPeriodEnd}`,
          ),
        )
        .returning({ id: subscriptions.id })
      if (!claimed) continue
      try {
        await deps.mailer.send(
          renewalReminderMail(
            row.email,
            { fullName: row.fullName, username: row.username },
            row.currentPeriodEnd!,
            deps.publicUrl,
            row.paymentMethod,
          ),
        )
        sent++
      } catch (err) {
        // Not sent: let the next run try again.
        deps.log.error({ err, subscriptionId: row.id }, "aviso de renovação falhou")
        await deps.db
          .update(subscriptions)
          .set({ reminderSentFor: null })
          .where(eq(subscriptions.id, row.id))
      }
    }
    return sent
  }

  return { expirePayments, reconcile, endPeriods, remindRenewals }
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>
