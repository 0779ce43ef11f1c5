import { createJsonClient, type HttpResponse } from "../http-client.ts"
import type {
  IuguChargeBody,
  IuguChargeResponse,
  IuguCustomer,
  IuguInvoice,
  IuguInvoiceBody,
  IuguInvoiceList,
  IuguInvoiceQuery,
  IuguPaymentMethod,
  IuguPaymentToken,
  IuguPaymentTokenBody,
  IuguPlan,
  IuguPlanBody,
  IuguSubscription,
  IuguSubscriptionBody,
} from "./iugu-types.ts"

export const iuguDefaultApiUrl = "https://api.iugu.com"

export interface IuguClientOptions {
  apiUrl: string
  apiToken: string
  timeoutMs: number
  fetch?: typeof fetch
}

/** iugu's REST API: HTTP Basic with the API token as user and an empty password. */
export function createIuguClient(options: IuguClientOptions) {
  const basic = Buffer.from(`${options.apiToken}:`).toString("base64")
  const request = createJsonClient({
    baseUrl: options.apiUrl,
    name: "iugu",
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    headers: () => ({ authorization: `Basic ${basic}` }),
  })
  const body = <T>(response: HttpResponse<T>) => response.body
  const id = encodeURIComponent
  return {
    createPaymentToken: (input: IuguPaymentTokenBody) =>
      request<IuguPaymentToken>("POST", "/v1/payment_token", { body: input }).then(body),
    createCustomer: (input: { email: string; name: string; cpf_cnpj?: string }) =>
      request<IuguCustomer>("POST", "/v1/customers", { body: input }).then(body),
    createPaymentMethod: (
      customerId: string,
      input: { description: string; token: string; set_as_default: boolean },
    ) =>
      request<IuguPaymentMethod>("POST", `/v1/customers/${id(customerId)}/payment_methods`, {
        body: input,
      }).then(body),
    listPaymentMethods: (customerId: string) =>
      request<IuguPaymentMethod[]>("GET", `/v1/customers/${id(customerId)}/payment_methods`).then(
        body,
      ),
    charge: (input: IuguChargeBody) =>
      request<IuguChargeResponse>("POST", "/v1/charge", { body: input }).then(body),
    createInvoice: (input: IuguInvoiceBody) =>
      request<IuguInvoice>("POST", "/v1/invoices", { body: input }).then(body),
    /** Null when iugu does not know the invoice. */
    getInvoice: async (invoiceId: string) => {
      const response = await request<IuguInvoice>("GET", `/v1/invoices/${id(invoiceId)}`, {
        allow404: true,
      })
      return response.status === 404 ? null : response.body
    },
    /** `GET /v1/invoices?customer_id=&query=&created_at_from=&limit=`: `{ totalItems, items }`. */
    listInvoices: (filters: IuguInvoiceQuery) =>
      request<IuguInvoiceList>(
        "GET",
        `/v1/invoices?${new URLSearchParams(
          Object.entries(filters)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => [name, String(value)]),
        )}`,
      ).then(body),
    cancelInvoice: (invoiceId: string) =>
      request<IuguInvoice>("PUT", `/v1/invoices/${id(invoiceId)}/cancel`).then(body),
    getPlanByIdentifier: async (identifier: string) => {
      const response = await request<IuguPlan>("GET", `/v1/plans/identifier/${id(identifier)}`, {
        allow404: true,
      })
      return response.status === 404 ? null : response.body
    },
    createPlan: (input: IuguPlanBody) =>
      request<IuguPlan>("POST", "/v1/plans", { body: input }).then(body),
    createSubscription: (input: IuguSubscriptionBody) =>
      request<IuguSubscription>("POST", "/v1/subscriptions", { body: input }).then(body),
    getSubscription: async (subscriptionId: string) => {
      const response = await request<IuguSubscription>(
        "GET",
        `/v1/subscriptions/${id(subscriptionId)}`,
        { allow404: true },
      )
      return response.status === 404 ? null : response.body
    },
    suspendSubscription: (subscriptionId: string) =>
      request<IuguSubscription>("POST", `/v1/subscriptions/${id(subscriptionId)}/suspend`).then(
        body,
      ),
  }
}

export type IuguClient = ReturnType<typeof createIuguClient>
