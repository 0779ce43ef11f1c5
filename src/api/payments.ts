import useSWR from "swr"
import { z } from "zod"
import type { BoletoPayer } from "../domain/boleto.ts"
import { PaymentResultSchema, PaymentsConfigSchema, SubscriptionSchema } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"

let config: Promise<z.infer<typeof PaymentsConfigSchema>> | null = null

/** How this server takes payments (sandbox or live, iugu.js account); asked once per visit. */
export function fetchPaymentsConfig() {
  config ??= apiRequest("/payments/config", PaymentsConfigSchema).catch((error: unknown) => {
    config = null
    throw error
  })
  return config
}

export function usePaymentsConfig() {
  return useSWR(keys.paymentsConfig(), fetchPaymentsConfig, { revalidateOnFocus: false })
}

/** A new Pix through the creator's gateway; with her own key (bacen) a static code. */
export const createPix = (
  username: string,
  planId: string,
  idempotencyKey: string,
  coupon?: string,
) =>
  apiRequest(`/${encodeURIComponent(username)}/subscription/pix`, SubscriptionSchema, {
    method: "POST",
    body: coupon ? { planId, coupon } : { planId },
    idempotencyKey,
  })

/**
 * A boleto for its payer: on the follower's subscription when she has one, else through the
 * creator's page, which starts the subscription.
 */
export const createBoleto = (
  username: string,
  subscriptionId: string | null,
  body: BoletoPayer & { planId: string; coupon?: string },
  idempotencyKey: string,
) =>
  apiRequest(
    subscriptionId
      ? `/payment/subscription/boleto/${encodeURIComponent(subscriptionId)}`
      : `/${encodeURIComponent(username)}/subscription/boleto`,
    PaymentResultSchema,
    { method: "POST", body, idempotencyKey },
  )

/** Sandbox only: what the bank would do with a payment ("Simular pagamento" / "recusa"). */
export const simulatePayment = (paymentId: string, outcome: "pay" | "refuse") =>
  apiRequest(`/sandbox/payments/${encodeURIComponent(paymentId)}/${outcome}`, SubscriptionSchema, {
    method: "POST",
  })

const PaymentTokenSchema = z.object({
  id: z.string(),
  extra_info: z.object({ bin: z.string().optional() }).passthrough().optional(),
})

/** Sandbox only: iugu's payment_token, answered by the server's simulator. */
export const sandboxPaymentToken = (path: string, body: unknown) =>
  apiRequest(path.replace(/^\/v1/, ""), PaymentTokenSchema, { method: "POST", body })
