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
} from "./creator/guards.ts"
import {
  creatorLoader,
  guarded,
  redirectTo,
  requireRecovery,
  unknownChildLoader,
} from "./creator/loaders.ts"
import { AppError } from "./app-error.tsx"
import { RootLayout } from "./root-layout.tsx"
import { identify, redirect, type AppRoute } from "./routing/routes.ts"
import { appPages } from "../domain/route-segments.ts"
import { studioRoutes } from "./studio/studio-routes.tsx"

type PageModule = {
  default: React.ComponentType
  ErrorBoundary?: React.ComponentType
}

/** Each page is its own chunk, so the landing and the profile load no checkout code. */
const page = (load: () => Promise<PageModule>) => ({
  lazy: async () => {
    const { default: Component, ErrorBoundary } = await load()
    return ErrorBoundary ? { Component, ErrorBoundary } : { Component }
  },
})

/**
 * The pages whose first HTML the server renders (see ssr/render-page.tsx): the ones followers
 * land on from a link. Other pages start in the browser.
 */
export type FirstRender = "landing" | "profile" | "checkout" | "not-found"
export const firstRender = (page: FirstRender) => ({ handle: { firstRender: page } })

const profilePage = page(() => import("./routes/profile-route.tsx"))
const profileGuards = guarded(requireSalesOpenOrAccess)

/** The child routes of /{username} (spec §2). */
const creatorChildren: AppRoute[] = [
  { index: true, loader: profileGuards, ...profilePage, ...firstRender("profile") },
  { path: "profile", loader: profileGuards, ...profilePage, ...firstRender("profile") },
  {
    path: "stories",
    loader: guarded(requireLogin, requireActiveSubscription),
    ...page(() => import("./routes/stories-route.tsx")),
  },
  { path: "setting", ...page(() => import("./routes/settings-route.tsx")) },
  {
    path: "setting/cancel",
    loader: guarded(requireLogin),
    ...page(() => import("./routes/cancel-route.tsx")),
  },
  {
    path: "setting/card",
    loader: guarded(requireLogin),
    ...page(() => import("./routes/update-card-route.tsx")),
  },
  {
    path: "auth",
    ...page(() => import("./routes/auth-layout-route.tsx")),
    children: [
      { index: true, loader: redirectTo("auth/email") },
      { path: "email", ...page(() => import("./routes/auth-email-route.tsx")) },
      {
        path: "password",
        loader: guarded(requireEmail),
        ...page(() => import("./routes/auth-password-route.tsx")),
      },
      { path: "recovery", loader: redirectTo("auth/recovery/email") },
      { path: "recovery/email", ...page(() => import("./routes/recovery-email-route.tsx")) },
      {
        path: "recovery/code",
        loader: requireRecovery("email"),
        ...page(() => import("./routes/recovery-code-route.tsx")),
      },
      {
        path: "recovery/password",
        loader: requireRecovery("recoveryToken"),
        ...page(() => import("./routes/recovery-password-route.tsx")),
      },
      {
        path: "register/password",
        loader: guarded(requireEmail),
        ...page(() => import("./routes/register-password-route.tsx")),
      },
      {
        path: "register/complete",
        ...page(() => import("./routes/register-complete-route.tsx")),
      },
    ],
  },
  {
    // Every gateway, iugu too: a signed-in follower pays here with her saved cards or a boleto.
    path: "payment",
    loader: guarded(requireLogin, requireSalesOpen),
    ...page(() => import("./routes/payment-route.tsx")),
  },
  { path: "payment/off", ...page(() => import("./routes/payment-off-route.tsx")) },
  // The Pix of the payment page is shown on the status page, with its tabs and the receipt.
  { path: "payment/pix", loader: redirectTo("payment/status") },
  {
    path: "payment/status",
    loader: guarded(requireLogin, requireSalesOpenOrPayment, requireFreshPayment),
    ...page(() => import("./routes/payment-status-route.tsx")),
  },
  {
    path: "checkout",
    loader: guarded(requireCheckoutGateway, requireSalesOpen),
    ...page(() => import("./routes/checkout-route.tsx")),
    ...firstRender("checkout"),
  },
  {
    path: "checkout/qrcodeurl",
    loader: guarded(requirePixCode),
    ...page(() => import("./routes/checkout-pix-route.tsx")),
  },
  {
    path: "checkout/success",
    ...page(() => import("./routes/checkout-success-route.tsx")),
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
        ...page(() => import("./routes/landing-route.tsx")),
        ...firstRender("landing"),
      },
      { path: appPages.lead, ...page(() => import("./routes/lead-route.tsx")) },
      {
        path: appPages.choosePassword,
        ...page(() => import("./routes/choose-password-route.tsx")),
      },
      { path: `${appPages.doc}/terms`, ...page(() => import("./routes/terms-route.tsx")) },
      { path: `${appPages.doc}/privacy`, ...page(() => import("./routes/privacy-route.tsx")) },
      { path: `${appPages.doc}/*`, loader: () => redirect("/") },
      ...studioRoutes,
      {
        id: "creator",
        path: ":username",
        loader: creatorLoader,
        ...page(() => import("./routes/creator-layout-route.tsx")),
        children: creatorChildren,
      },
    ],
  },
])
