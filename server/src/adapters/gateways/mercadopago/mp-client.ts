import { createJsonClient, type HttpResponse } from "../http-client.ts"
import type {
  MpPayment,
  MpPaymentBody,
  MpPreapproval,
  MpPreapprovalBody,
  MpPreapprovalStatus,
  MpPreference,
  MpPreferenceBody,
  MpSearch,
} from "./mp-types.ts"

export const mercadoPagoDefaultApiUrl = "https://api.mercadopago.com"

export interface MercadoPagoClientOptions {
  apiUrl: string
  accessToken: string
  timeoutMs: number
  fetch?: typeof fetch
}

/** Mercado Pago's REST API with the account's access token. */
export function createMercadoPagoClient(options: MercadoPagoClientOptions) {
  const request = createJsonClient({
    baseUrl: options.apiUrl,
    name: "Mercado Pago",
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    headers: () => ({ authorization: `Bearer ${options.accessToken}` }),
  })
  const body = <T>(response: HttpResponse<T>) => response.body
  const orNull = <T>(response: HttpResponse<T>) => (response.status === 404 ? null : response.body)
  const id = encodeURIComponent
  return {
    /** The key makes a retry return the payment already created instead of a second one. */
    createPayment: (input: MpPaymentBody, idempotencyKey: string) =>
      request<MpPayment>("POST", "/v1/payments", {
        body: input,
        headers: { "x-idempotency-key": idempotencyKey },
      }).then(body),
    getPayment: (paymentId: string) =>
      request<MpPayment>("GET", `/v1/payments/${id(paymentId)}`, { allow404: true }).then(orNull),
    cancelPayment: (paymentId: string) =>
      request<MpPayment>("PUT", `/v1/payments/${id(paymentId)}`, {
        body: { status: "cancelled" },
      }).then(body),
    createPreapproval: (input: MpPreapprovalBody) =>
      request<MpPreapproval>("POST", "/preapproval", { body: input }).then(body),
    getPreapproval: (preapprovalId: string) =>
      request<MpPreapproval>("GET", `/preapproval/${id(preapprovalId)}`, { allow404: true }).then(
        orNull,
      ),
    updatePreapproval: (preapprovalId: string, input: { status: MpPreapprovalStatus }) =>
      request<MpPreapproval>("PUT", `/preapproval/${id(preapprovalId)}`, { body: input }).then(
        body,
      ),
    /**
     * `GET /v1/payments/search?external_reference=<ours>&sort=date_created&criteria=desc`:
     * every payment made for one of our references (a Pix, a boleto, each attempt on a
     * preference's page, each charge of a preapproval), newest first, as
     * `{ paging: { total, limit, offset }, results: [payment] }`.
     */
    searchPayments: (externalReference: string) =>
      request<MpSearch<MpPayment>>(
        "GET",
        `/v1/payments/search?${new URLSearchParams({
          external_reference: externalReference,
          sort: "date_created",
          criteria: "desc",
          limit: "30",
        })}`,
      ).then(body),
    createPreference: (input: MpPreferenceBody) =>
      request<MpPreference>("POST", "/checkout/preferences", { body: input }).then(body),
  }
}

export type MercadoPagoClient = ReturnType<typeof createMercadoPagoClient>
