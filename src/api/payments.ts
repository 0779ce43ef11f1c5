import useSWR from "swr"
import type { BoletoPayer } from "../domain/boleto.ts"
import type { PaymentResult, PaymentsConfig } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { subscriptionAnswer } from "./subscriptions.ts"
import { record } from "./wire.ts"

/*
 * Light parsers (see wire.ts): the Pix checkout and the payment's status page read these on
 * their first paint, and the server already validates each answer against src/domain/models.ts.
 */
const configAnswer = record<PaymentsConfig>("mode", "iugu", "mercadoPago")
const paymentResultAnswer = record<PaymentResult>("subscription")
const paymentTokenAnswer = record<{ id: string; extra_info?: { bin?: string } }>("id")

let config: Promise<PaymentsConfig> | null = null

/** How this server takes payments (sandbox or live, iugu.js account); asked once per visit. */
export function fetchPaymentsConfig() {
  config ??= apiRequest("/payments/config", configAnswer).catch((error: unknown) => {
    config = null
    throw error
  })
  return config
}

/** `ask` false leaves the read for later (a page whose first paint does not show it). */
export function usePaymentsConfig(ask = true) {
  return useSWR(ask ? keys.paymentsConfig() : null, fetchPaymentsConfig, {
    revalidateOnFocus: false,
  })
}

/** A new Pix through the creator's gateway; with her own key (bacen) a static code. */
export const createPix = (
  username: string,
  planId: string,
  idempotencyKey: string,
  coupon?: string,
) =>
  apiRequest(`/${encodeURIComponent(username)}/subscription/pix`, subscriptionAnswer, {
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
    paymentResultAnswer,
    { method: "POST", body, idempotencyKey },
  )

/** Sandbox only: what the bank would do with a payment ("Simular pagamento" / "recusa"). */
export const simulatePayment = (paymentId: string, outcome: "pay" | "refuse") =>
  apiRequest(`/sandbox/payments/${encodeURIComponent(paymentId)}/${outcome}`, subscriptionAnswer, {
    method: "POST",
  })

/** Sandbox only: the bank's answer to a Pix Automático authorisation (a trial's QR has no payment). */
export const simulateAutomaticPixAnswer = (subscriptionId: string, outcome: "pay" | "refuse") =>
  apiRequest(
    `/sandbox/subscriptions/${encodeURIComponent(subscriptionId)}/pix-automatico/authorization/${outcome}`,
    subscriptionAnswer,
    { method: "POST" },
  )

/** Sandbox only: iugu's payment_token, answered by the server's simulator. */
export const sandboxPaymentToken = (path: string, body: unknown) =>
  apiRequest(path.replace(/^\/v1/, ""), paymentTokenAnswer, { method: "POST", body })
