import { createCoupon, setCouponStatus, useStudioCoupons } from "../../api/studio-coupons.ts"
import { useStudioProfile } from "../../api/studio.ts"
import { trialRefusal } from "../../domain/coupon-rules.ts"
import { StudioCouponsScreen } from "../../screens/studio/studio-coupons-screen.tsx"
import { useSession } from "../session.ts"
import { viewOf } from "./views.ts"

/** The studio's "Cupons": her coupons with uses and revenue, and the plans they can cover. */
export default function StudioCouponsRoute() {
  const { viewer } = useSession()
  const coupons = useStudioCoupons(viewer)
  const profile = useStudioProfile(viewer)
  const both = {
    data:
      coupons.data && profile.data ? { coupons: coupons.data, profile: profile.data } : undefined,
    error: coupons.error ?? profile.error,
  }
  return (
    <StudioCouponsScreen
      view={viewOf(both, ({ coupons, profile }) => ({
        coupons,
        plans: profile.plans,
        pageUrl: `${window.location.origin}/${profile.username}`,
        trialRefusal: trialRefusal(profile.paymentGateway),
      }))}
      onRetry={() => void Promise.all([coupons.mutate(), profile.mutate()])}
      onCreate={async (body) => void (await createCoupon(viewer, body))}
      onSetStatus={(couponId, status) => setCouponStatus(viewer, couponId, status)}
    />
  )
}
