import useSWR from "swr"
import { z } from "zod"
import { CheckoutResponseSchema, SavedCardSchema, type PlanName } from "../domain/models.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"

const base = (username: string) => `/${encodeURIComponent(username)}/iugu/subscription`

type Buyer = {
  email: string
  /** A new buyer's e-mail typed again; the server answers 422 when it differs. */
  confirmEmail?: string
  planName: PlanName
  typeAuth?: "new_user" | "existing_user"
  /** Bot check: the call may create the buyer's account. */
  token: string
  /** A coupon code: a discount on the first period. */
  coupon?: string
}

/** Pix Automático: the account holder whose bank authorises the recurring debit. */
export type AutomaticPixPayer = { automaticPix: true; accountName: string; accountDocument: string }

/**
 * Pix through iugu: the code is in `subscription.payment.pixCode` (spec §7). With Pix Automático
 * the same code pays this period and authorises the next debits.
 */
export const createIuguPixSubscription = (
  username: string,
  body: Buyer & (AutomaticPixPayer | { automaticPix?: never }),
  idempotencyKey: string,
) =>
  apiRequest(`${base(username)}/pix`, CheckoutResponseSchema, {
    method: "POST",
    body,
    idempotencyKey,
  })

export type IuguCardPayment =
  | {
      creditCardToken: string
      sessionId: string
      accountName: string
      accountDocument: string
      cardHolderName: string
      cardBin: string
      cardEnd: string
    }
  | { paymentMethodId: string }

/** Card through iugu: a new card tokenised in the browser, or a saved one. */
export const createIuguCardSubscription = (
  username: string,
  body: Buyer & IuguCardPayment,
  idempotencyKey: string,
) =>
  apiRequest(`${base(username)}/credit-card`, CheckoutResponseSchema, {
    method: "POST",
    body,
    idempotencyKey,
  })

export const fetchSavedCards = () => apiRequest("/iugu/cards", z.array(SavedCardSchema))

export function useSavedCards(viewer: string | null) {
  return useSWR(viewer ? keys.savedCards(viewer) : null, fetchSavedCards)
}
