import useSWR from "swr"
import type { CouponCreateBody, CouponStatus, StudioCoupon } from "../domain/coupons.ts"
import { apiRequest } from "./client.ts"
import { keys } from "./keys.ts"
import { refresh, withField } from "./studio.ts"
import { listOf, record } from "./wire.ts"

/**
 * A creator's coupons in the studio: the list and its changes. Their answers get the light
 * checks of wire.ts (the server validates each against StudioCouponSchema before sending it):
 * Cupons opens without zod, which comes with its form.
 */

const couponFields = ["couponId", "code", "kind", "status", "uses", "planIds"] as const
const couponAnswer = record<StudioCoupon>(...couponFields)
const couponsAnswer = listOf<StudioCoupon>(...couponFields)

export const useStudioCoupons = (viewer: string | null) =>
  useSWR(keys.studio("coupons", viewer), () => apiRequest("/studio/coupons", couponsAnswer))

export async function createCoupon(viewer: string | null, body: CouponCreateBody) {
  const created = await withField(
    apiRequest("/studio/coupons", couponAnswer, { method: "POST", body }),
  )
  await refresh(viewer, "coupons")
  return created
}

export async function setCouponStatus(
  viewer: string | null,
  couponId: string,
  status: CouponStatus,
) {
  await apiRequest(`/studio/coupons/${encodeURIComponent(couponId)}`, couponAnswer, {
    method: "PATCH",
    body: { status },
  })
  await refresh(viewer, "coupons")
}
