import { startTransition, StrictMode } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import type { Profile } from "../domain/models.ts"
import { prepareClassMerge } from "../components/ui/cn.ts"
import { SplashScreen } from "../screens/misc/splash-screen.tsx"
import { rememberProfile } from "./creator-page/loaders.ts"
import { afterFirstPaint, nextTask } from "./first-paint.ts"
import { routes } from "./router.tsx"
import { createAppRouter, type AppRouter } from "./routing/app-router.ts"
import { AppRouterView } from "./routing/route-views.tsx"
import { loadRouteModule, matchAppRoutes, restoreMatches } from "./routing/routes.ts"
import { registerServiceWorker } from "./service-worker.ts"
import { installSession } from "./session.ts"
import { fetchSupportConfig } from "../api/support.ts"
import { afterLoadWhenIdle, injectCrisp, startSupportChat } from "./support-chat.ts"
import { whenIdle } from "./when-idle.ts"
import { readPageState, type ServedEntry } from "./ssr/page-state.ts"
import { ServedData } from "./ssr/served-data.tsx"
import { viewer } from "./stores/auth-store.ts"
import "../styles/index.css"

const root = document.getElementById("root")
if (!root) throw new Error("#root is missing from index.html")

installSession()

const app = (router: AppRouter, served: ServedEntry[] = []) => (
  <StrictMode>
    <ServedData entries={served}>
      <AppRouterView router={router} fallback={<SplashScreen />} />
    </ServedData>
  </StrictMode>
)

async function start(root: HTMLElement): Promise<AppRouter> {
  const state = readPageState()
  if (state && (state.viewer ?? null) === viewer()) {
    // The server drew this page as this browser's reader sees it (a visitor, or the buyer on
    // her own payment pages): React takes over the same markup with the same data, without
    // asking the API again. The route's code is asked for once that markup is on screen, so on
    // a slow link it never competes with the first paint.
    await afterFirstPaint()
    const { pathname, matches: served, ...router } = state.router
    const matches =
      (pathname === window.location.pathname && restoreMatches(routes, served)) ||
      (matchAppRoutes(routes, window.location.pathname) ?? [])
    await Promise.all(matches.map(({ route }) => loadRouteModule(route)))
    // Each step below gets a task of its own, apart from the route code's run: together they
    // would be one long task as the page settles.
    await nextTask()
    for (const [key, data] of state.data) if (key[0] === "profile") rememberProfile(data as Profile)
    const appRouter = createAppRouter(routes, { matches, ...router })
    await nextTask()
    prepareClassMerge()
    await nextTask()
    // As a transition, hydration yields to the browser between components instead of running
    // as one long task.
    startTransition(() => {
      hydrateRoot(root, app(appRouter, state.data))
    })
    return appRouter
  }
  const router = createAppRouter(routes)
  // A page drawn for someone else (the visitor's, to a signed-in reader) stays on screen until
  // this reader's is ready, instead of a splash in between.
  if (state) await router.pending()
  // Its own task, as above: built inside the first render, it made that render a long task.
  prepareClassMerge()
  await nextTask()
  const render = () => createRoot(root).render(app(router))
  // Over the server's page, with the route's reads already in, the reader's page renders as a
  // transition, yielding to the browser between components. Under the splash it renders at
  // once: its reads land while it renders, and React renders again, in one task, whatever a
  // store changed under a transition.
  if (state) startTransition(render)
  else render()
  return router
}

void start(root).then((router) =>
  startSupportChat({
    fetchConfig: fetchSupportConfig,
    pathname: () => window.location.pathname,
    onNavigate: (listener) => router.subscribe(listener),
    whenReady: (task) => afterLoadWhenIdle(task, whenIdle),
    inject: (websiteId) => injectCrisp(websiteId),
  }),
)

if (import.meta.env.PROD) registerServiceWorker()
