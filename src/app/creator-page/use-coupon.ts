import { useEffect, useState } from "react"
import { useSearchParams } from "react-router"
import { errorMessage } from "../../domain/errors.ts"
import type { CouponView } from "../../screens/checkout/coupon-field.tsx"
import { couponOfLink, forgetCoupon } from "./coupon-link.ts"

/** The checkout's coupon: the one a link brought, checked on arrival, or one typed in. */
export function useCoupon(username: string) {
  const [search] = useSearchParams()
  const [linked] = useState(() => couponOfLink(username, search))
  const [view, setView] = useState<CouponView>(
    linked ? { status: "checking", code: linked } : { status: "none" },
  )

  const apply = (code: string) => {
    setView({ status: "checking", code })
    // The look-up's schema brings zod: it loads only when there is a code to check.
    import("../../api/coupons.ts")
      .then(({ fetchCouponQuote }) => fetchCouponQuote(username, code))
      .then(
        (quote) => setView({ status: "applied", quote }),
        (error: unknown) => {
          forgetCoupon(username)
          setView({ status: "refused", code, message: errorMessage(error) })
        },
      )
  }

  useEffect(() => {
    if (linked) apply(linked)
    // Once, for the code the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return {
    coupon: view,
    onApplyCoupon: apply,
    onRemoveCoupon: () => {
      forgetCoupon(username)
      setView({ status: "none" })
    },
  }
}
