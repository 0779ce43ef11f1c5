import { cardTokenErrorMessage } from "../../../../../src/domain/card-errors.ts"
import { saoPauloDate } from "../../../../../src/domain/dates.ts"
import type { PaymentMethod, PaymentStatus, SavedCard } from "../../../../../src/domain/models.ts"
import {
  GatewayDeclinedError,
  type AutomaticPixResult,
  type ChargeRequest,
  type RenewalRequest,
  type ChargeResult,
  type Gateway,
  type PayerAddress,
  type ProviderPayment,
} from "../gateway.ts"
import { GatewayHttpError } from "../http-client.ts"
import { authorizeAutomaticPix } from "./iugu-automatic-trial.ts"
import type { IuguClient } from "./iugu-client.ts"
import type { IuguInvoice, IuguInvoiceStatus, IuguPaymentMethod } from "./iugu-types.ts"

export const paymentIdVariable = "payment_id"
export const subscriptionIdVariable = "subscription_id"
export const cardDeclinedMessage = "Pagamento recusado pelo emissor do cartão."

/** "2025-01-15" in São Paulo, the calendar iugu's due dates use. */
export function iuguDate(date: Date): string {
  const { year, month, day } = saoPauloDate(date)
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

export function iuguInvoiceStatus(status: IuguInvoiceStatus, payableWith: string): PaymentStatus {
  switch (status) {
    case "paid":
    case "externally_paid":
      return "paid"
    case "canceled":
      return "canceled"
    case "expired":
      return payableWith === "bank_slip" ? "overdue" : "canceled"
    case "in_protest":
      return "overdue"
    case "refunded":
      return "refunded"
    case "chargeback":
      return "chargedback"
    case "in_analysis":
      return "analyzing"
    default:
      return "pending"
  }
}

const methodOf = (payableWith: string): PaymentMethod =>
  payableWith === "pix" ? "pix" : payableWith === "bank_slip" ? "boleto" : "credit_card"

const variable = (invoice: IuguInvoice, name: string) =>
  invoice.custom_variables?.find((item) => item.name === name)?.value ?? null

function toProviderPayment(found: IuguInvoice): ProviderPayment {
  return {
    providerPaymentId: found.id,
    status: iuguInvoiceStatus(found.status, found.payable_with),
    paymentRef: variable(found, paymentIdVariable),
    gatewaySubscriptionId: found.subscription_id ?? null,
    subscriptionRef: variable(found, subscriptionIdVariable),
    amountCents: found.paid_cents ?? found.total_cents,
    method: methodOf(found.payable_with),
  }
}

/** Clocks differ: the invoice may carry a creation time a little before ours. */
const lookupSlackMs = 10 * 60_000

const toSavedCard = (method: IuguPaymentMethod): SavedCard => ({
  id: method.id,
  brand: method.data.brand,
  displayNumber: method.data.display_number,
})

/** iugu refused what we sent (an invalid or used token, a bad field): the buyer can fix it. */
function declined(error: unknown): never {
  if (error instanceof GatewayHttpError) {
    throw new GatewayDeclinedError(cardTokenErrorMessage(error.body), "card_invalid")
  }
  throw error
}

/** iugu identifiers: letters, digits and underscores. A new price is a new plan row, so a new identifier. */
export const iuguPlanIdentifier = (planId: string) => `closer_${planId.replaceAll("-", "")}`

export function createIuguGateway(client: IuguClient): Gateway {
  /** The iugu plan of one of our plan rows at one price, created on first use. */
  const ensurePlan = async (plan: RenewalRequest["plan"]) => {
    const identifier = iuguPlanIdentifier(plan.id)
    if (!(await client.getPlanByIdentifier(identifier))) {
      await client
        .createPlan({
          name: plan.description,
          identifier,
          interval: plan.months,
          interval_type: "months",
          value_cents: plan.amountCents,
          payable_with: "credit_card",
        })
        .catch(async (error) => {
          // Another request created it first.
          if (
            !(error instanceof GatewayHttpError) ||
            !(await client.getPlanByIdentifier(identifier))
          )
            throw error
        })
    }
    return identifier
  }

  const items = (request: ChargeRequest) => [
    { description: request.description, quantity: 1, price_cents: request.amountCents },
  ]
  const customVariables = (request: ChargeRequest) => [
    { name: paymentIdVariable, value: request.paymentId },
  ]

  const iuguAddress = (address: PayerAddress) => ({
    zip_code: address.zipCode,
    street: address.street,
    number: address.number,
    district: address.neighborhood,
    city: address.city,
    state: address.state,
    country: "Brasil",
    ...(address.complement ? { complement: address.complement } : {}),
  })

  const invoice = async (request: ChargeRequest, payableWith: "pix" | "bank_slip") => {
    const created = await client
      .createInvoice({
        email: request.buyer.email,
        due_date: iuguDate(request.expiresAt),
        items: items(request),
        payable_with: payableWith,
        payer: {
          ...(request.buyer.document ? { cpf_cnpj: request.buyer.document } : {}),
          ...(request.buyer.name ? { name: request.buyer.name } : {}),
          ...(request.buyer.address ? { address: iuguAddress(request.buyer.address) } : {}),
        },
        custom_variables: customVariables(request),
        notification_url: request.notificationUrl,
      })
      .catch(declined)
    const result: ChargeResult = {
      status: iuguInvoiceStatus(created.status, created.payable_with),
      providerRef: created.id,
      providerPaymentId: created.id,
    }
    if (payableWith === "pix") {
      return { ...result, pixCode: created.pix?.qrcode_text ?? null, pixUrl: created.pix?.qrcode }
    }
    return { ...result, boletoUrl: created.bank_slip?.bank_slip_url ?? created.secure_url }
  }

  const card = async (request: ChargeRequest): Promise<ChargeResult> => {
    const customerId = request.card?.customerId
    if (!customerId) throw new GatewayDeclinedError("Cadastre um cartão para continuar.", "no_card")
    let paymentMethodId = request.card?.savedCardId
    if (!paymentMethodId) {
      if (!request.card?.token)
        throw new GatewayDeclinedError("Informe os dados do cartão.", "no_card")
      const saved = await client
        .createPaymentMethod(customerId, {
          description: "Cartão de crédito",
          token: request.card.token,
          set_as_default: true,
        })
        .catch(declined)
      paymentMethodId = saved.id
    }
    const response = await client
      .charge({
        customer_payment_method_id: paymentMethodId,
        customer_id: customerId,
        email: request.buyer.email,
        items: items(request),
        custom_variables: customVariables(request),
      })
      .catch(declined)
    return {
      status: response.success ? "paid" : "failed",
      providerRef: response.invoice_id,
      providerPaymentId: response.invoice_id,
      failureReason: response.success ? null : response.message || cardDeclinedMessage,
    }
  }

  return {
    provider: "iugu",

    async charge(request) {
      switch (request.method) {
        case "pix":
          return invoice(request, "pix")
        case "boleto":
          return invoice(request, "bank_slip")
        case "credit_card":
          return card(request)
        default:
          throw new GatewayDeclinedError("Forma de pagamento indisponível.", "method_unavailable")
      }
    },

    async fetchPayment(invoiceId): Promise<ProviderPayment | null> {
      const found = await client.getInvoice(invoiceId)
      return found ? toProviderPayment(found) : null
    },

    async findPayments(reference) {
      // iugu lists invoices by customer (cards) or by free text (the payer's e-mail) from a
      // creation time; our payment id is in each invoice's custom variables.
      const found = await client.listInvoices({
        ...(reference.customerId
          ? { customer_id: reference.customerId }
          : { query: reference.buyerEmail }),
        created_at_from: new Date(reference.createdAt.getTime() - lookupSlackMs).toISOString(),
        limit: 100,
      })
      return found.items
        .filter((invoice) => variable(invoice, paymentIdVariable) === reference.paymentId)
        .map(toProviderPayment)
    },

    async cancelPayment(invoiceId) {
      try {
        await client.cancelInvoice(invoiceId)
      } catch (error) {
        // Already paid or cancelled: nothing left to stop.
        if (!(error instanceof GatewayHttpError)) throw error
      }
    },

    async cancelRecurrence(subscriptionId) {
      await client.suspendSubscription(subscriptionId)
    },

    async isRecurrenceCancelled(subscriptionId) {
      const found = await client.getSubscription(subscriptionId)
      return !found || found.suspended || !found.active
    },

    async scheduleRenewal(request) {
      const identifier = await ensurePlan(request.plan)
      const created = await client.createSubscription({
        customer_id: request.customerId,
        plan_identifier: identifier,
        expires_at: iuguDate(request.startsAt),
        payable_with: "credit_card",
        custom_variables: [{ name: subscriptionIdVariable, value: request.subscriptionId }],
      })
      return created.id
    },

    automaticPix: {
      async start(request): Promise<AutomaticPixResult> {
        const { charge } = request
        const identifier = await ensurePlan({
          ...charge.plan,
          amountCents: charge.recurringAmountCents,
          description: charge.description,
        })
        // A coupon: the first invoice only carries the discount, the recurrence the plan's price.
        const discount = charge.recurringAmountCents - charge.amountCents
        const created = await client
          .createSubscription({
            customer_id: request.customerId,
            plan_identifier: identifier,
            expires_at: iuguDate(request.firstDebitAt),
            payable_with: "pix",
            custom_variables: [
              { name: subscriptionIdVariable, value: request.subscriptionId },
              { name: paymentIdVariable, value: charge.paymentId },
            ],
            ...(discount > 0
              ? {
                  subitems: [
                    { description: "Cupom", price_cents: -discount, quantity: 1, recurrent: false },
                  ],
                }
              : {}),
            automatic_pix: {
              journey: 3,
              frequency: request.frequency,
              recurrence_beginning: iuguDate(request.firstDebitAt),
              contract_number: request.subscriptionId.replaceAll("-", "").slice(0, 35),
            },
          })
          .catch(declined)
        const firstInvoice = created.recent_invoices?.[0]
        const invoice = firstInvoice ? await client.getInvoice(firstInvoice.id) : null
        if (!invoice?.pix || !created.automatic_pix) {
          throw new GatewayDeclinedError(
            "Pix Automático indisponível para este recebedor.",
            "method_unavailable",
          )
        }
        return {
          status: iuguInvoiceStatus(invoice.status, invoice.payable_with),
          providerRef: invoice.id,
          providerPaymentId: invoice.id,
          pixCode: invoice.pix.qrcode_text,
          pixUrl: invoice.pix.qrcode,
          gatewaySubscriptionId: created.id,
          recurrenceStatus: created.automatic_pix.status,
        }
      },
      authorize: (request) => authorizeAutomaticPix(client, ensurePlan, request),
      async status(subscriptionId) {
        const found = await client.getSubscription(subscriptionId)
        return found?.automatic_pix?.status ?? null
      },
    },

    cards: {
      async createCustomer(buyer) {
        const created = await client
          .createCustomer({
            email: buyer.email,
            name: buyer.name ?? buyer.email,
            ...(buyer.document ? { cpf_cnpj: buyer.document } : {}),
          })
          .catch(declined)
        return created.id
      },
      async saveCard(customerId, token) {
        const saved = await client
          .createPaymentMethod(customerId, {
            description: "Cartão de crédito",
            token,
            set_as_default: true,
          })
          .catch(declined)
        return toSavedCard(saved)
      },
      async listCards(customerId) {
        return (await client.listPaymentMethods(customerId)).map(toSavedCard)
      },
    },
  }
}
