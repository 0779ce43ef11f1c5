import { startTransition, StrictMode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { createBrowserRouter, matchRoutes, RouterProvider, type DataRouter } from "react-router"
import type { Profile } from "../domain/models.ts"
import { rememberProfile } from "./creator/loaders.ts"
import { afterFirstPaint } from "./first-paint.ts"
import { routes } from "./router.tsx"
import { registerServiceWorker } from "./service-worker.ts"
import { installSession } from "./session.ts"
import { readPageState, type ServedEntry } from "./ssr/page-state.ts"
import { ServedData } from "./ssr/served-data.tsx"
import { isLoggedIn } from "./stores/auth-store.ts"
import "../styles/index.css"

const root = document.getElementById("root")
if (!root) throw new Error("#root is missing from index.html")

installSession()

const app = (router: DataRouter, served: ServedEntry[] = []) => (
  <StrictMode>
    <ServedData entries={served}>
      <RouterProvider router={router} />
    </ServedData>
  </StrictMode>
)

/** The route modules of the page being opened, loaded before hydrating so it renders at once. */
async function loadRouteModules() {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return
      const module = await route.lazy()
      Object.assign(route, { ...module, lazy: undefined })
    }),
  )
}

async function start(root: HTMLElement) {
  const state = readPageState()
  if (state && !isLoggedIn()) {
    // The server drew this page as a visitor sees it: React takes over the same markup with
    // the same data, without asking the API again. The route's code is asked for once that
    // markup is on screen, so on a slow link it never competes with the first paint.
    await afterFirstPaint()
    await loadRouteModules()
    for (const [key, data] of state.data) if (key[0] === "profile") rememberProfile(data as Profile)
    const router = createBrowserRouter(routes, { hydrationData: state.router })
    // As a transition, hydration yields to the browser between components instead of running
    // as one long task.
    startTransition(() => {
      hydrateRoot(root, app(router, state.data))
    })
    return
  }
  const router = createBrowserRouter(routes)
  // A signed-in reader's page differs from the visitor's the server drew: that one stays on
  // screen until the reader's is ready, instead of a splash in between.
  if (state && !router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe(({ initialized }) => {
        if (!initialized) return
        stop()
        resolve()
      })
    })
  createRoot(root).render(app(router))
}

void start(root)

if (import.meta.env.PROD) registerServiceWorker()
