import { formatBRL } from "../../../../src/domain/money.ts"
import type { Provider } from "../../adapters/gateways/gateway.ts"
import { ConflictError, ForbiddenError, NotFoundError } from "../../errors.ts"
import type { AuthAccount } from "../../plugins/auth.ts"
import type { FastifyBaseLogger } from "fastify"
import type { Gateways } from "../../adapters/gateways/build-gateways.ts"
import type { CreatorDirectory } from "../payments/billing-ports.ts"
import type { BillingRepository } from "../payments/billing.repository.ts"
import type { PaymentsService } from "../payments/payments.service.ts"
import {
  authorizationAnsweredMessage,
  boletoCompensatingMessage,
  notYourSubscriptionMessage,
  paymentNotFoundMessage,
  paymentNotPendingMessage,
  subscriptionNotFoundMessage,
} from "../../shared/billing-messages.ts"
import type { DeliverWebhook } from "./sandbox-renewals.ts"

type Outcome = "pay" | "refuse"

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * "Simular pagamento" / "Simular recusa": the simulator changes the gateway's side, then sends
 * its notification to our webhook route, signed like production. Nothing here touches our
 * payment directly, except for a Pix to the creator's own key, which has no gateway at all.
 */
export function createSandboxService(deps: {
  repo: BillingRepository
  payments: PaymentsService
  creators: CreatorDirectory
  gateways: Gateways
  deliver: DeliverWebhook
  log: FastifyBaseLogger
}) {
  const { repo, deliver } = deps
  const simulators = () => deps.gateways.sandbox!

  /** The subscription, when `viewer` bought it or operates the platform. */
  async function buyersSubscription(subscriptionId: string, viewer: AuthAccount) {
    const subscription = uuidPattern.test(subscriptionId)
      ? await repo.subscription(subscriptionId)
      : null
    if (!subscription)
      throw new NotFoundError(subscriptionNotFoundMessage, "subscription_not_found")
    if (subscription.accountId !== viewer.id && viewer.role !== "admin")
      throw new ForbiddenError(notYourSubscriptionMessage, "not_your_subscription")
    return subscription
  }

  async function notifyIugu(invoiceId: string) {
    const invoice = await simulators().iugu.getInvoice(invoiceId)
    if (!invoice) return
    const hook = simulators().iugu.webhook(invoice, deps.gateways.webhooks.iuguToken!)
    await check(
      await deliver({ url: "/v1/webhooks/iugu", headers: hook.headers, payload: hook.body }),
    )
  }

  async function notifyMercadoPago(paymentId: string | number) {
    const hook = simulators().mercadoPago.notification(
      paymentId,
      deps.gateways.webhooks.mercadoPagoSecret!,
    )
    await check(
      await deliver({
        url: `/v1/webhooks/mercadopago?${hook.query}`,
        headers: hook.headers,
        payload: hook.body,
      }),
    )
  }

  async function check(response: { statusCode: number }) {
    if (response.statusCode !== 200)
      deps.log.error({ statusCode: response.statusCode }, "webhook do sandbox não foi aceito")
  }

  return {
    async settle(paymentId: string, viewer: AuthAccount, outcome: Outcome) {
      const payment = uuidPattern.test(paymentId) ? await repo.payment(paymentId) : null
      if (!payment) throw new NotFoundError(paymentNotFoundMessage, "payment_not_found")
      const subscription = (await repo.subscription(payment.subscriptionId))!
      if (subscription.accountId !== viewer.id && viewer.role !== "admin") {
        const profile = await deps.creators.byId(subscription.profileId)
        if (profile?.accountId !== viewer.id)
          throw new ForbiddenError(notYourSubscriptionMessage, "not_your_subscription")
      }
      if (payment.status !== "pending" && payment.status !== "analyzing")
        throw new ConflictError(paymentNotPendingMessage, "payment_not_pending")
      const pay = outcome === "pay"
      const provider = payment.gateway as Provider
      if (pay && payment.method === "boleto" && provider !== "bacen") {
        // Paid at the bank, like a real boleto: the gateway approves it when the bank compensates
        // it, 1 to 3 business days later (the reconciliation job delivers that notification).
        const paid = payment.providerPaymentId
          ? provider === "iugu"
            ? await simulators().iugu.payBankSlip(payment.providerPaymentId)
            : await simulators().mercadoPago.payBoleto(payment.providerPaymentId)
          : null
        if (!paid) throw new ConflictError(paymentNotPendingMessage, "payment_not_pending")
        if (paid.already) throw new ConflictError(boletoCompensatingMessage, "boleto_compensating")
      } else if (provider === "iugu" && subscription.recurrenceStatus === "CRIADA") {
        // Pix Automático, journey 3: the payer's bank approves (or rejects) the recurrence and
        // the first period's charge in the same scan.
        const answered = await simulators().iugu.answerAutomaticPix(
          subscription.gatewaySubscriptionId ?? "",
          pay ? "APROVADA" : "REJEITADA",
        )
        if (!answered?.invoice)
          throw new ConflictError(paymentNotPendingMessage, "payment_not_pending")
        await notifyIugu(answered.invoice.id)
      } else if (provider === "iugu") {
        if (!payment.providerPaymentId)
          throw new ConflictError(paymentNotPendingMessage, "payment_not_pending")
        await simulators().iugu.setInvoiceStatus(
          payment.providerPaymentId,
          pay ? "paid" : "canceled",
        )
        await notifyIugu(payment.providerPaymentId)
      } else if (provider === "mercadoPago") {
        if (
          payment.providerPaymentId &&
          (payment.method === "pix" || payment.method === "boleto")
        ) {
          await simulators().mercadoPago.setPaymentStatus(
            payment.providerPaymentId,
            pay ? "approved" : "rejected",
          )
          await notifyMercadoPago(payment.providerPaymentId)
        } else if (payment.providerRef) {
          const made = await simulators().mercadoPago.payCheckout(
            {
              kind: payment.method === "credit_card" ? "preapproval" : "preference",
              id: payment.providerRef,
            },
            pay,
          )
          if (!made) throw new ConflictError(paymentNotPendingMessage, "payment_not_pending")
          await notifyMercadoPago(made.id)
        } else {
          throw new ConflictError(paymentNotPendingMessage, "payment_not_pending")
        }
      } else {
        // A Pix to the creator's key: no gateway to simulate, so the sandbox plays the creator.
        await deps.payments.transition(payment.id, pay ? "paid" : "failed", {
          actor: "sandbox",
          reason: pay ? "pagamento simulado" : "recusa simulada",
          ...(payment.receiptKey ? { changes: { receiptManualApproved: pay } } : {}),
        })
      }
      return deps.payments.view(subscription.id)
    },

    /**
     * Pix Automático: the payer's bank answers the authorisation QR (approves or refuses the
     * recurrence) and iugu notifies the change; a journey 3 QR's first charge is paid or left
     * unpaid with it. A trial's QR (journey 4) has no payment, so only this can answer it.
     */
    async answerAutomaticPix(subscriptionId: string, viewer: AuthAccount, outcome: Outcome) {
      const subscription = await buyersSubscription(subscriptionId, viewer)
      const recurrence = subscription.gatewaySubscriptionId
      const answered =
        subscription.gateway === "iugu" && subscription.recurrenceStatus === "CRIADA" && recurrence
          ? await simulators().iugu.answerAutomaticPix(
              recurrence,
              outcome === "pay" ? "APROVADA" : "REJEITADA",
            )
          : null
      if (!answered) throw new ConflictError(authorizationAnsweredMessage, "authorization_answered")
      if (answered.invoice) await notifyIugu(answered.invoice.id)
      const hook = simulators().iugu.subscriptionWebhook(
        recurrence!,
        deps.gateways.webhooks.iuguToken!,
      )
      await check(
        await deliver({ url: "/v1/webhooks/iugu", headers: hook.headers, payload: hook.body }),
      )
      return deps.payments.view(subscription.id)
    },

    /**
     * Pix Automático: the simulated bank debits every approved recurrence whose date has come
     * (the next period), or fails this subscription's debit, and notifies each invoice. `early`
     * debits this subscription's next period now, before its date (a sandbox run on the real
     * clock cannot wait a month).
     */
    async nextPixAutomaticPeriod(
      subscriptionId: string,
      viewer: AuthAccount,
      { fail = false, early = false }: { fail?: boolean; early?: boolean } = {},
    ) {
      const subscription = await buyersSubscription(subscriptionId, viewer)
      const recurrence = subscription.gatewaySubscriptionId
      if (subscription.recurrenceStatus !== "APROVADA" || !recurrence)
        throw new ConflictError(paymentNotPendingMessage, "payment_not_pending")
      if (fail) await simulators().iugu.failNextDebit(recurrence)
      const due = await simulators().iugu.renewDue(early ? { dueNow: recurrence } : {})
      for (const invoice of due) await notifyIugu(invoice.id)
      return deps.payments.view(subscription.id)
    },

    /** A test boleto page, so `boletoUrl` opens something in the sandbox. */
    async boletoPage(provider: string, id: string) {
      const payment = await repo.paymentByProvider(provider === "iugu" ? "iugu" : "mercadoPago", id)
      if (!payment || payment.method !== "boleto") return null
      return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Boleto de teste</title></head>
<body style="font-family:system-ui,sans-serif;max-width:480px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">Boleto de teste</h1><p>Valor: ${formatBRL(payment.amountCents)}</p>
<p>Ambiente de teste: nenhum banco aceita este boleto. Use "Simular pagamento" para seguir.</p></body></html>`
    },

    /** The Pix code of a sandbox gateway payment, for its QR image. */
    async pixCode(provider: string, id: string) {
      const payment = await repo.paymentByProvider(provider === "iugu" ? "iugu" : "mercadoPago", id)
      return payment?.pixCode ?? null
    },
  }
}

export type SandboxService = ReturnType<typeof createSandboxService>
