import useSWR from "swr"
import { z } from "zod"
import {
  CouponQuoteSchema,
  StudioCouponSchema,
  type CouponCreateBody,
  type CouponStatus,
} from "../domain/coupons.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refresh, withField } from "./studio.ts"

/** A creator's coupons: the studio's list and changes, and the checkout's look-up of a code. */

const CouponsSchema = z.array(StudioCouponSchema)

export const useStudioCoupons = (viewer: string | null) =>
  useSWR(keys.studio("coupons", viewer), () => apiRequest("/studio/coupons", CouponsSchema))

export async function createCoupon(viewer: string | null, body: CouponCreateBody) {
  const created = await withField(
    apiRequest("/studio/coupons", StudioCouponSchema, { method: "POST", body }),
  )
  await refresh(viewer, "coupons")
  return created
}

export async function setCouponStatus(
  viewer: string | null,
  couponId: string,
  status: CouponStatus,
) {
  await apiRequest(`/studio/coupons/${encodeURIComponent(couponId)}`, StudioCouponSchema, {
    method: "PATCH",
    body: { status },
  })
  await refresh(viewer, "coupons")
}

/** The discount of a creator's code; rejects with the server's pt-BR message when refused. */
export const fetchCouponQuote = (username: string, code: string) =>
  apiRequest(
    `/${encodeURIComponent(username)}/coupons/${encodeURIComponent(code)}`,
    CouponQuoteSchema,
  )
