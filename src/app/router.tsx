import { createBrowserRouter, type RouteObject } from "react-router"
import { SplashScreen } from "../screens/misc/splash-screen.tsx"
import { RootLayout } from "./root-layout.tsx"

/** Each page is its own chunk, so the landing and the profile load no checkout code. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
})

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: SplashScreen,
    children: [
      { index: true, ...page(() => import("./routes/landing-route.tsx")) },
      { path: "tenho-interesse", ...page(() => import("./routes/lead-route.tsx")) },
      { path: "doc/terms", ...page(() => import("./routes/terms-route.tsx")) },
      { path: "doc/privacy", ...page(() => import("./routes/privacy-route.tsx")) },
    ],
  },
]

export const router = createBrowserRouter(routes)
