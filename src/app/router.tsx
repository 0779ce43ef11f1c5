import {
  requireActiveSubscription,
  requireCheckoutGateway,
  requireEmail,
  requireFreshPayment,
  requireLogin,
  requirePixCode,
  requireSalesOpen,
  requireSalesOpenOrAccess,
  requireSalesOpenOrPayment,
} from "./creator-page/guards.ts"
import {
  creatorLoader,
  guarded,
  guardedStories,
  profileLoader,
  redirectTo,
  requireRecovery,
  unknownChildLoader,
} from "./creator-page/loaders.ts"
import { AppError } from "./app-error.tsx"
import { RootLayout } from "./root-layout.tsx"
import { identify, redirect, type AppRoute } from "./routing/routes.ts"
import { routePages } from "./routing/route-pages.ts"
import { firstRender } from "./routing/first-render.ts"
import { creatorPage } from "./creator-page/routes/creator-pages.ts"
import { appPages } from "../domain/route-segments.ts"
import { studioRoutes } from "./studio/studio-routes.tsx"

/** Each page is its own chunk, so the landing and the profile load no checkout code. */
const page = routePages(import.meta.glob("./site/*-route.tsx"), "src/app")

const profilePage = creatorPage("./profile-route.tsx")
const profileGuards = profileLoader(requireSalesOpenOrAccess)

/** The child routes of /{username} (spec §2). */
const creatorChildren: AppRoute[] = [
  { index: true, loader: profileGuards, ...profilePage, ...firstRender("profile") },
  { path: "profile", loader: profileGuards, ...profilePage, ...firstRender("profile") },
  {
    path: "stories",
    loader: guardedStories(requireLogin, requireActiveSubscription),
    ...creatorPage("./stories-route.tsx"),
  },
  { path: "setting", ...creatorPage("./settings-route.tsx") },
  { path: "vip", ...creatorPage("./vip-invite-route.tsx") },
  {
    path: "setting/cancel",
    loader: guarded(requireLogin),
    ...creatorPage("./cancel-route.tsx"),
  },
  {
    path: "setting/card",
    loader: guarded(requireLogin),
    ...creatorPage("./update-card-route.tsx"),
  },
  {
    path: "auth",
    ...creatorPage("./auth-layout-route.tsx"),
    children: [
      { index: true, loader: redirectTo("auth/email") },
      {
        path: "email",
        ...creatorPage("./auth-email-route.tsx"),
        ...firstRender("sign-in"),
      },
      {
        path: "password",
        loader: guarded(requireEmail),
        ...creatorPage("./auth-password-route.tsx"),
        ...firstRender("sign-in"),
      },
      { path: "recovery", loader: redirectTo("auth/recovery/email") },
      {
        path: "recovery/email",
        ...creatorPage("./recovery-email-route.tsx"),
        ...firstRender("sign-in"),
      },
      {
        path: "recovery/code",
        loader: requireRecovery("email"),
        ...creatorPage("./recovery-code-route.tsx"),
      },
      {
        path: "recovery/password",
        loader: requireRecovery("recoveryToken"),
        ...creatorPage("./recovery-password-route.tsx"),
      },
      {
        path: "register/password",
        loader: guarded(requireEmail),
        ...creatorPage("./register-password-route.tsx"),
        ...firstRender("sign-in"),
      },
      {
        path: "register/complete",
        ...creatorPage("./register-complete-route.tsx"),
      },
    ],
  },
  {
    // Every gateway, iugu too: a signed-in follower pays here with her saved cards or a boleto.
    path: "payment",
    loader: guarded(requireLogin, requireSalesOpen),
    ...creatorPage("./payment-route.tsx"),
  },
  { path: "payment/off", ...creatorPage("./payment-off-route.tsx") },
  // The Pix of the payment page is shown on the status page, with its tabs and the receipt.
  { path: "payment/pix", loader: redirectTo("payment/status") },
  {
    path: "payment/status",
    loader: guarded(requireLogin, requireSalesOpenOrPayment, requireFreshPayment),
    ...creatorPage("./payment-status-route.tsx"),
    ...firstRender("reader"),
  },
  {
    path: "checkout",
    loader: guarded(requireCheckoutGateway, requireSalesOpen),
    ...creatorPage("./checkout-route.tsx"),
    ...firstRender("checkout"),
  },
  {
    path: "checkout/qrcodeurl",
    loader: guarded(requirePixCode),
    ...creatorPage("./checkout-pix-route.tsx"),
    ...firstRender("reader"),
  },
  {
    path: "checkout/success",
    ...creatorPage("./checkout-success-route.tsx"),
  },
  // Drawn by the server too: under an unknown creator, or naming a file, it answers 404.
  { path: "*", loader: unknownChildLoader, ...firstRender("not-found") },
]

export const routes: AppRoute[] = identify([
  {
    Component: RootLayout,
    ErrorBoundary: AppError,
    children: [
      {
        index: true,
        ...page("./site/landing-route.tsx"),
        ...firstRender("landing"),
      },
      {
        path: appPages.lead,
        ...page("./site/lead-route.tsx"),
        ...firstRender("site"),
      },
      {
        path: appPages.choosePassword,
        ...page("./site/choose-password-route.tsx"),
        // The same form for every visitor: only whether the link carries a code changes it.
        ...firstRender("site"),
      },
      {
        path: `${appPages.doc}/terms`,
        ...page("./site/terms-route.tsx"),
        ...firstRender("site"),
      },
      {
        path: `${appPages.doc}/privacy`,
        ...page("./site/privacy-route.tsx"),
        ...firstRender("site"),
      },
      { path: `${appPages.doc}/*`, loader: () => redirect("/") },
      { path: appPages.unsubscribe, ...page("./site/unsubscribe-route.tsx") },
      ...studioRoutes,
      {
        id: "creator",
        path: ":username",
        loader: creatorLoader,
        ...creatorPage("./creator-layout-route.tsx"),
        children: creatorChildren,
      },
    ],
  },
])
