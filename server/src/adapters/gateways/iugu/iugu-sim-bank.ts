import { addMonths } from "../../../../../src/domain/dates.ts"
import { bankCompensation, sandboxDeclinedCard, type BankPayment } from "../sandbox/sandbox-pix.ts"
import { iuguDate } from "./iugu-gateway.ts"
import type {
  IuguCustomer,
  IuguInvoice,
  IuguInvoiceStatus,
  IuguPlan,
  IuguSubscription,
} from "./iugu-types.ts"
import type { IuguSimInvoices, IuguSimulatorOptions, StoredMethod } from "./iugu-sim-store.ts"

export interface IuguWebhook {
  headers: Record<string, string>
  body: string
}

/**
 * What happens at iugu outside the API: the buyer pays or the bank refuses, boletos compensate,
 * subscriptions renew, and iugu posts its notifications.
 */
export function iuguSimBank(
  options: IuguSimulatorOptions,
  { newInvoice, saveInvoice }: IuguSimInvoices,
) {
  const { store, now } = options

  /** What happens at iugu when the buyer pays, the bank refuses, or money goes back. */
  const setInvoiceStatus = async (id: string, status: IuguInvoiceStatus) => {
    const invoice = await store.get<IuguInvoice>("invoice", id)
    if (!invoice) return null
    const paid = status === "paid"
    const updated: IuguInvoice = {
      ...invoice,
      status,
      paid_cents: paid ? invoice.total_cents : invoice.paid_cents,
      paid_at: paid ? now().toISOString() : invoice.paid_at,
    }
    await saveInvoice(updated)
    return updated
  }

  return {
    getInvoice: (id: string) => store.get<IuguInvoice>("invoice", id),

    setInvoiceStatus,

    /**
     * The buyer pays a boleto at the bank: the invoice stays pending until the bank compensates
     * it, 1 to 3 days later (`compensateDue`). `already` when it was paid before; null when it is
     * not a pending boleto.
     */
    async payBankSlip(id: string) {
      const invoice = await store.get<IuguInvoice>("invoice", id)
      if (!invoice || invoice.payable_with !== "bank_slip") return null
      const earlier = await store.get<BankPayment>("bank_payment", id)
      if (earlier) return { ...earlier, already: true }
      if (invoice.status !== "pending") return null
      const payment = bankCompensation(id, now())
      await store.put("bank_payment", id, payment)
      return { ...payment, already: false }
    },

    /** Boletos whose compensation day has come are paid; returns their invoices. */
    async compensateDue(): Promise<IuguInvoice[]> {
      const paid: IuguInvoice[] = []
      for (const payment of await store.list<BankPayment>("bank_payment")) {
        if (payment.done || Date.parse(payment.compensatesAt) > now().getTime()) continue
        await store.put("bank_payment", payment.id, { ...payment, done: true })
        const invoice = await setInvoiceStatus(payment.id, "paid")
        if (invoice) paid.push(invoice)
      }
      return paid
    },

    /** iugu's notification: form-encoded, authenticated only by the value set at registration. */
    webhook(invoice: IuguInvoice, authorization: string): IuguWebhook {
      const form = new URLSearchParams({
        event: "invoice.status_changed",
        "data[id]": invoice.id,
        "data[status]": invoice.status,
        "data[account_id]": options.accountId,
      })
      if (invoice.subscription_id) form.set("data[subscription_id]", invoice.subscription_id)
      return {
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: form.toString(),
      }
    },

    /** iugu's notification that a subscription changed (its Pix Automático answered, say). */
    subscriptionWebhook(id: string, authorization: string): IuguWebhook {
      const form = new URLSearchParams({
        event: "subscription.changed",
        "data[id]": id,
        "data[account_id]": options.accountId,
      })
      return {
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      }
    },

    /**
     * What the payer's bank answers to a journey 3 QR: APROVADA pays the first invoice too;
     * REJEITADA or EXPIRADA leave it unpaid and stop the subscription.
     */
    async answerAutomaticPix(id: string, status: "APROVADA" | "REJEITADA" | "EXPIRADA") {
      const subscription = await store.get<IuguSubscription>("subscription", id)
      if (!subscription?.automatic_pix || subscription.automatic_pix.status !== "CRIADA")
        return null
      const approved = status === "APROVADA"
      const first = subscription.recent_invoices?.[0]
      const stored = first ? await store.get<IuguInvoice>("invoice", first.id) : null
      let invoice: IuguInvoice | null = null
      if (stored) {
        invoice = approved
          ? {
              ...stored,
              status: "paid",
              paid_cents: stored.total_cents,
              paid_at: now().toISOString(),
            }
          : { ...stored, status: "expired" }
        await saveInvoice(invoice)
      }
      const updated: IuguSubscription = {
        ...subscription,
        active: approved,
        automatic_pix: { ...subscription.automatic_pix, status },
      }
      await store.put("subscription", id, updated)
      return { subscription: updated, invoice }
    },

    /** The payer's next debit fails (no balance, or the payer refused it at the bank). */
    async failNextDebit(id: string) {
      await store.put("automatic_pix_fail", id, { pending: true })
    },

    /**
     * Charges every active subscription whose date has come, and `dueNow` (one subscription id)
     * ahead of its date, as if the date had come; returns the new invoices. Each charge moves
     * the next date one interval on from the previous date.
     */
    async renewDue({ dueNow }: { dueNow?: string } = {}): Promise<IuguInvoice[]> {
      const today = iuguDate(now())
      const created: IuguInvoice[] = []
      for (const subscription of await store.list<IuguSubscription>("subscription")) {
        if (!subscription.active || subscription.suspended || !subscription.expires_at) continue
        if (subscription.expires_at > today && subscription.id !== dueNow) continue
        const plan = await store.get<IuguPlan>("plan", subscription.plan_identifier)
        const customer = await store.get<IuguCustomer>("customer", subscription.customer_id)
        if (!plan || !customer) continue
        // Pix Automático debits only an approved recurrence; a debit that fails leaves the
        // period's invoice expired and the recurrence in place for the next period.
        const pix = subscription.automatic_pix
        if (pix && pix.status !== "APROVADA") continue
        let status: IuguInvoice["status"]
        if (pix) {
          const fail = await store.get<{ pending: boolean }>("automatic_pix_fail", subscription.id)
          if (fail?.pending)
            await store.put("automatic_pix_fail", subscription.id, { pending: false })
          status = fail?.pending ? "expired" : "paid"
        } else {
          const method = customer.default_payment_method_id
            ? await store.get<StoredMethod>("payment_method", customer.default_payment_method_id)
            : null
          status = method && method.number !== sandboxDeclinedCard ? "paid" : "pending"
        }
        const invoice = await newInvoice({
          email: customer.email,
          items: [
            { description: plan.name, quantity: 1, price_cents: plan.prices[0]!.value_cents },
          ],
          payable_with: pix ? "pix" : "credit_card",
          custom_variables: subscription.custom_variables,
          subscription_id: subscription.id,
          status,
        })
        const next = addMonths(new Date(`${subscription.expires_at}T12:00:00Z`), plan.interval)
        await store.put("subscription", subscription.id, {
          ...subscription,
          expires_at: iuguDate(next),
          // A recurrence keeps its invoices, newest first, as iugu's subscription does.
          ...(pix
            ? {
                recent_invoices: [
                  { id: invoice.id, status: invoice.status, due_date: invoice.due_date },
                  ...(subscription.recent_invoices ?? []),
                ],
              }
            : {}),
        })
        created.push(invoice)
      }
      return created
    },
  }
}
