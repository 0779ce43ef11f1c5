import { PaymentRedirectSchema, SubscriptionSchema } from "../domain/models.ts"
import { apiRequest } from "./client.ts"

const base = (username: string) => `/${encodeURIComponent(username)}/mp/subscription`

/** A coupon's code, when the buyer applied one: the server charges the first period with it. */
const planRef = (planId: string, coupon?: string) => (coupon ? { planId, coupon } : { planId })

export const createMercadoPagoPix = (
  username: string,
  planId: string,
  idempotencyKey: string,
  coupon?: string,
) =>
  apiRequest(`${base(username)}/pix`, SubscriptionSchema, {
    method: "POST",
    body: planRef(planId, coupon),
    idempotencyKey,
  })

/** Card or payment link: the browser then goes to Mercado Pago's page at `url`. */
export const createMercadoPagoCheckout = (
  username: string,
  kind: "card" | "link",
  planId: string,
  idempotencyKey: string,
  coupon?: string,
) =>
  apiRequest(`${base(username)}/${kind}`, PaymentRedirectSchema, {
    method: "POST",
    body: planRef(planId, coupon),
    idempotencyKey,
  })
