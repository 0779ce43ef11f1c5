import { centsToReais, reaisToCents } from "../../../../../src/domain/money.ts"
import type { PaymentMethod, PaymentStatus } from "../../../../../src/domain/models.ts"
import {
  GatewayDeclinedError,
  type Buyer,
  type ChargeRequest,
  type ChargeResult,
  type Gateway,
  type ProviderPayment,
} from "../gateway.ts"
import { GatewayHttpError } from "../http-client.ts"
import type { MercadoPagoClient } from "./mp-client.ts"
import type { MpPayer, MpPayment, MpPaymentStatus } from "./mp-types.ts"

export const mercadoPagoRefusedMessage = "O Mercado Pago recusou o pagamento."

export function mercadoPagoStatus(status: MpPaymentStatus): PaymentStatus {
  switch (status) {
    case "approved":
      return "paid"
    case "rejected":
      return "failed"
    case "cancelled":
      return "canceled"
    case "refunded":
      return "refunded"
    case "charged_back":
      return "chargedback"
    default:
      // pending, in_process, authorized (held, not captured), in_mediation
      return "pending"
  }
}

const methodOf = (payment: MpPayment): PaymentMethod =>
  payment.payment_method_id === "pix"
    ? "pix"
    : payment.payment_type_id === "ticket"
      ? "boleto"
      : payment.payment_type_id === "credit_card"
        ? "credit_card"
        : "link"

function toProviderPayment(found: MpPayment): ProviderPayment {
  const preapproval = found.metadata?.preapproval_id
  return {
    providerPaymentId: String(found.id),
    status: mercadoPagoStatus(found.status),
    paymentRef: found.external_reference ?? null,
    gatewaySubscriptionId: typeof preapproval === "string" ? preapproval : null,
    amountCents: reaisToCents(found.transaction_amount),
    method: methodOf(found),
  }
}

function payer(buyer: Buyer): MpPayer {
  const [first, ...rest] = (buyer.name ?? buyer.email.split("@")[0] ?? "").trim().split(/\s+/)
  const { document, address } = buyer
  return {
    email: buyer.email,
    ...(first ? { first_name: first } : {}),
    ...(rest.length ? { last_name: rest.join(" ") } : {}),
    ...(document
      ? { identification: { type: document.length === 11 ? "CPF" : "CNPJ", number: document } }
      : {}),
    ...(address
      ? {
          address: {
            zip_code: address.zipCode,
            // Mercado Pago has no complement field: it rides with the street.
            street_name: address.complement
              ? `${address.street}, ${address.complement}`
              : address.street,
            street_number: address.number,
            neighborhood: address.neighborhood,
            city: address.city,
            federal_unit: address.state,
          },
        }
      : {}),
  }
}

function refused(error: unknown): never {
  if (error instanceof GatewayHttpError) {
    const body = error.body as { message?: unknown } | null
    const message = typeof body?.message === "string" && body.message ? body.message : null
    throw new GatewayDeclinedError(
      message ? `${mercadoPagoRefusedMessage} (${message})` : mercadoPagoRefusedMessage,
      "payment_refused",
    )
  }
  throw error
}

const ignoreRefusal = (error: unknown) => {
  // Already settled or cancelled there: nothing left to stop.
  if (!(error instanceof GatewayHttpError)) throw error
}

export function createMercadoPagoGateway(client: MercadoPagoClient): Gateway {
  const payment = async (request: ChargeRequest, methodId: "pix" | "bolbradesco") => {
    const created = await client
      .createPayment(
        {
          transaction_amount: centsToReais(request.amountCents),
          description: request.description,
          payment_method_id: methodId,
          payer: payer(request.buyer),
          external_reference: request.paymentId,
          notification_url: request.notificationUrl,
          // Mercado Pago refuses less than 30 minutes counted on arrival: a minute of slack.
          date_of_expiration: new Date(
            request.expiresAt.getTime() + (methodId === "pix" ? 60_000 : 0),
          ).toISOString(),
        },
        request.idempotencyKey,
      )
      .catch(refused)
    const id = String(created.id)
    const data = created.point_of_interaction?.transaction_data
    return {
      status: mercadoPagoStatus(created.status),
      providerRef: id,
      providerPaymentId: id,
      pixCode: data?.qr_code ?? null,
      pixUrl: data?.ticket_url ?? null,
      boletoUrl: created.transaction_details?.external_resource_url ?? null,
    } satisfies ChargeResult
  }

  return {
    provider: "mercadoPago",

    async charge(request) {
      const amount = centsToReais(request.amountCents)
      switch (request.method) {
        case "pix":
          return payment(request, "pix")
        case "boleto":
          return payment(request, "bolbradesco")
        case "credit_card": {
          // The buyer types the card on Mercado Pago's page; it then charges every period.
          const created = await client
            .createPreapproval({
              reason: request.description,
              external_reference: request.paymentId,
              payer_email: request.buyer.email,
              auto_recurring: {
                frequency: request.plan.months,
                frequency_type: "months",
                transaction_amount: centsToReais(request.recurringAmountCents),
                currency_id: "BRL",
              },
              back_url: request.returnUrl,
              status: "pending",
            })
            .catch(refused)
          return {
            status: "pending",
            providerRef: created.id,
            providerPaymentId: null,
            checkoutUrl: created.init_point,
            gatewaySubscriptionId: created.id,
          }
        }
        case "link": {
          const created = await client
            .createPreference({
              items: [
                {
                  id: request.plan.id,
                  title: request.description,
                  quantity: 1,
                  unit_price: amount,
                  currency_id: "BRL",
                },
              ],
              external_reference: request.paymentId,
              notification_url: request.notificationUrl,
              back_urls: {
                success: request.returnUrl,
                failure: request.returnUrl,
                pending: request.returnUrl,
              },
              auto_return: "approved",
              payer: { email: request.buyer.email },
              expires: true,
              expiration_date_to: request.expiresAt.toISOString(),
            })
            .catch(refused)
          return {
            status: "pending",
            providerRef: created.id,
            providerPaymentId: null,
            checkoutUrl: created.init_point,
          }
        }
      }
    },

    async fetchPayment(paymentId): Promise<ProviderPayment | null> {
      if (!/^\d{1,20}$/.test(paymentId)) return null
      const found = await client.getPayment(paymentId)
      return found ? toProviderPayment(found) : null
    },

    async findPayments(reference) {
      // Each attempt on a preference's page and each charge of a preapproval carries the
      // external_reference of the checkout that made it.
      const found = await client.searchPayments(reference.paymentId)
      return found.results
        .filter((payment) => payment.external_reference === reference.paymentId)
        .map(toProviderPayment)
    },

    async cancelPayment(providerRef, method) {
      if (method === "pix" || method === "boleto") {
        await client.cancelPayment(providerRef).catch(ignoreRefusal)
      } else if (method === "credit_card") {
        await client.updatePreapproval(providerRef, { status: "cancelled" }).catch(ignoreRefusal)
      }
      // A checkout preference expires by itself (expiration_date_to).
    },

    async cancelRecurrence(preapprovalId) {
      await client.updatePreapproval(preapprovalId, { status: "cancelled" }).catch(ignoreRefusal)
    },

    async isRecurrenceCancelled(preapprovalId) {
      const found = await client.getPreapproval(preapprovalId)
      return !found || found.status === "cancelled"
    },
  }
}
