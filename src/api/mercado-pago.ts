import { PaymentRedirectSchema, SubscriptionSchema } from "../domain/models.ts"
import { apiRequest } from "./client.ts"

const base = (username: string) => `/${encodeURIComponent(username)}/mp/subscription`

export const createMercadoPagoPix = (username: string, planId: string, idempotencyKey: string) =>
  apiRequest(`${base(username)}/pix`, SubscriptionSchema, {
    method: "POST",
    body: { planId },
    idempotencyKey,
  })

/** Card or payment link: the browser then goes to Mercado Pago's page at `url`. */
export const createMercadoPagoCheckout = (
  username: string,
  kind: "card" | "link",
  planId: string,
  idempotencyKey: string,
) =>
  apiRequest(`${base(username)}/${kind}`, PaymentRedirectSchema, {
    method: "POST",
    body: { planId },
    idempotencyKey,
  })
