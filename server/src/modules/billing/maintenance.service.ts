import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm"
import { PAYMENT_EXPIRY_MS } from "../../../../src/domain/constants.ts"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import { payments, subscriptions } from "../../db/schema-billing.ts"
import { accounts, profiles } from "../../db/schema.ts"
import type { BillingCore } from "./billing-core.ts"
import { renewalReminderMail } from "./billing-mails.ts"
import { createBillingRepository } from "./billing.repository.ts"
import type { WebhooksService } from "./webhooks.service.ts"

const minute = 60_000
const day = 24 * 60 * minute
/** Renewal e-mails go this long before the period ends. */
export const reminderLeadMs = 3 * day
/** Pending payments younger than this are left to their webhook. */
const pollAfterMs = 2 * minute

/** A request to our own webhook route, as a gateway would make it (sandbox simulators). */
export type DeliverWebhook = (request: {
  url: string
  headers: Record<string, string>
  payload: string
}) => Promise<{ statusCode: number }>

/** The work of the background jobs; each step is safe to run again and on any replica. */
export function createMaintenanceService(
  core: BillingCore,
  webhooks: WebhooksService,
  deliver: DeliverWebhook,
) {
  const { deps } = core
  const now = () => deps.clock.now()

  /** Pending payments older than a day end (after one last look at the gateway). */
  async function expirePayments() {
    const at = now()
    const dayAgo = new Date(at.getTime() - PAYMENT_EXPIRY_MS)
    const stale = await deps.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, "pending"),
          or(
            and(sql`${payments.method} <> 'boleto'`, lte(payments.createdAt, dayAgo)),
            and(eq(payments.method, "boleto"), lte(payments.expiresAt, at)),
          ),
        ),
      )
      .limit(200)
    let expired = 0
    for (const payment of stale) {
      const gateway = core.gateways.get(payment.gateway as Provider)
      try {
        if (payment.providerPaymentId) {
          const remote = await gateway.fetchPayment(payment.providerPaymentId)
          if (remote && remote.status !== "pending") {
            await webhooks.settle(payment.gateway as Provider, remote, "job:expire-payments")
            if (remote.status !== "paid")
              await webhooks.expireRecurrence(payment.subscriptionId, "job:expire-payments")
            continue
          }
        }
        if (payment.providerRef) await gateway.cancelPayment(payment.providerRef, payment.method)
      } catch (err) {
        // Cannot ask the gateway now: try again on the next run rather than guess.
        deps.log.warn({ err, paymentId: payment.id }, "expiração adiada: gateway sem resposta")
        continue
      }
      const result = await core.transition(
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
    const pending = await deps.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, "pending"),
          isNotNull(payments.providerPaymentId),
          inArray(payments.gateway, ["iugu", "mercadoPago"]),
          lte(payments.createdAt, new Date(at.getTime() - pollAfterMs)),
          gt(payments.createdAt, new Date(at.getTime() - 2 * PAYMENT_EXPIRY_MS)),
        ),
      )
      .limit(200)
    let applied = 0
    for (const payment of pending) {
      const provider = payment.gateway as Provider
      try {
        const remote = await core.gateways.get(provider).fetchPayment(payment.providerPaymentId!)
        if (remote && (await webhooks.settle(provider, remote, "job:reconcile")) === "applied")
          applied++
      } catch (err) {
        deps.log.warn({ err, paymentId: payment.id }, "conciliação adiada: gateway sem resposta")
      }
    }
    if (core.gateways.sandbox) applied += await sandboxRenewals()
    return { retried, applied }
  }

  /** In the sandbox the simulators charge due card renewals, and notify us like the real ones. */
  async function sandboxRenewals() {
    const sandbox = core.gateways.sandbox!
    let delivered = 0
    for (const invoice of await sandbox.iugu.renewDue()) {
      const hook = sandbox.iugu.webhook(invoice, core.gateways.webhooks.iuguToken!)
      await deliver({ url: "/v1/webhooks/iugu", headers: hook.headers, payload: hook.body })
      delivered++
    }
    for (const payment of await sandbox.mercadoPago.renewDue()) {
      const hook = sandbox.mercadoPago.notification(
        payment.id,
        core.gateways.webhooks.mercadoPagoSecret!,
      )
      await deliver({
        url: `/v1/webhooks/mercadopago?${hook.query}`,
        headers: hook.headers,
        payload: hook.body,
      })
      delivered++
    }
    return delivered
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
            deps.config.publicUrl,
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

  return { expirePayments, reconcile, endPeriods, remindRenewals, sandboxRenewals }
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>
