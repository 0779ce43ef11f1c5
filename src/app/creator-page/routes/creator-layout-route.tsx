import { lazy, Suspense, useEffect } from "react"
import { Outlet, useSearchParams } from "react-router"
import { COUPON_PARAM } from "../../../domain/coupon-link-param.ts"
import { SplashScreen } from "../../../screens/misc/splash-screen.tsx"
import { ProfileScreen } from "../../../screens/profile/profile-screen.tsx"
import { CreatorContext } from "../creator-context.ts"
import { keepLinkedCoupon } from "../kept-coupon.ts"
import { useBlockedCreatorArea, useCreatorArea } from "../use-creator-area.ts"
import { NotFoundPage } from "../../not-found-page.tsx"
import { isPageNotFound } from "../../routing/not-found.ts"
import { useRouteError } from "../../routing/route-views.tsx"

// A page taken down is rare: its screen's code stays out of every other profile's first load.
const BannedScreen = lazy(() =>
  import("../../../screens/misc/banned-screen.tsx").then((m) => ({ default: m.BannedScreen })),
)

/** /{username}: title "@username", the profile visit, and the creator for every child page. */
export default function CreatorLayoutRoute() {
  const { username, profile } = useCreatorArea()
  const [search] = useSearchParams()
  // A coupon link (/{username}?cupom=CODE) is kept for the checkout, past signing in: at once,
  // so a tap on "Assinar" as the page starts still takes it along.
  const linkedCoupon = search.get(COUPON_PARAM)?.trim()
  useEffect(() => {
    if (linkedCoupon) keepLinkedCoupon(username, linkedCoupon)
  }, [username, linkedCoupon])
  if (!profile) return <SplashScreen />
  if (profile.banned)
    return (
      <Suspense fallback={<SplashScreen />}>
        <BannedScreen />
      </Suspense>
    )
  return (
    <CreatorContext value={{ username, profile }}>
      <Outlet />
    </CreatorContext>
  )
}

/** An address the area does not know is not found; a profile that does not load blocks the whole area (spec §2, §8). */
export function ErrorBoundary() {
  return isPageNotFound(useRouteError()) ? <NotFoundPage /> : <BlockedCreatorArea />
}

function BlockedCreatorArea() {
  return <ProfileScreen {...useBlockedCreatorArea()} />
}
