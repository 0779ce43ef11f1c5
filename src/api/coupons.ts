import { CouponQuoteSchema } from "../domain/coupons.ts"
import { apiRequest } from "./client.ts"

/** The checkout's look-up of a creator's code (the studio's list is in studio-coupons.ts). */

/** The discount of a creator's code; rejects with the server's pt-BR message when refused. */
export const fetchCouponQuote = (username: string, code: string) =>
  apiRequest(
    `/${encodeURIComponent(username)}/coupons/${encodeURIComponent(code)}`,
    CouponQuoteSchema,
  )
