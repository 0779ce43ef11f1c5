import {
  createPath,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
  type Navigator,
  type To,
} from "react-router"
import { loadLocation, Redirect, type AppRoute, type RouteState } from "./routes.ts"

/** What the app shows: a location whose code and loaders have all finished. */
export type RouterState = RouteState & { location: Location; navigationType: NavigationType }

export type AppRouter = {
  /** Null until the first location has loaded. */
  state(): RouterState | null
  /** Whether `revalidate` is running. */
  revalidating(): boolean
  /** Whether a navigation is loading the next page's code and loaders. */
  navigating(): boolean
  subscribe(listener: () => void): () => void
  /** Given to react-router's `<Router>`: its navigate, links and redirects go through here. */
  navigator: Navigator
  /** The navigation under way (or the last one): resolves once its page shows. */
  pending(): Promise<void>
  /** Runs the current location's loaders again. */
  revalidate(): Promise<void>
}

/** More redirects than this in one navigation is a loop: it ends in an error. */
const MAX_REDIRECTS = 10

/**
 * The browser's router. A navigation changes nothing on screen, nor the address bar, until the
 * next page's code and loaders have finished; a redirect on the way is followed instead, and a
 * newer navigation overtakes an older one still loading. Back and forward load the same way.
 * `hydrated` is the state the server rendered the current page with: its data is used as is.
 */
export function createAppRouter(
  routes: AppRoute[],
  hydrated?: Pick<RouteState, "loaderData" | "errors"> & { matches: RouteState["matches"] },
): AppRouter {
  const history = createBrowserHistory()
  let state: RouterState | null = hydrated
    ? { ...hydrated, location: history.location, navigationType: "POP" as NavigationType }
    : null
  let revalidating = false
  let navigating = false
  let latest = 0
  let pending: Promise<void> = Promise.resolve()
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())

  async function run(
    to: To,
    how: "push" | "replace" | "pop" | "stay",
    locationState: unknown,
    force: boolean,
    redirects = 0,
  ): Promise<void> {
    const navigation = ++latest
    const url = history.createURL(to)
    const previous =
      state && !force ? { ...state, url: history.createURL(state.location) } : undefined
    let outcome: RouteState | Redirect
    if (redirects > MAX_REDIRECTS) {
      outcome = {
        matches: state?.matches ?? [],
        loaderData: {},
        errors: { [routes[0]!.id!]: new Error("Muitos redirecionamentos.") },
      }
    } else outcome = await loadLocation(routes, url, undefined, previous)
    if (navigation !== latest) return
    if (outcome instanceof Redirect) {
      // The address bar is already there on a back, a forward or a revalidation: the redirect
      // replaces it.
      return run(outcome.to, how === "push" ? "push" : "replace", undefined, false, redirects + 1)
    }
    const path = { pathname: url.pathname, search: url.search, hash: url.hash }
    if (how === "push") history.push(path, locationState)
    if (how === "replace") history.replace(path, locationState)
    const navigationType = (
      how === "stay"
        ? (state?.navigationType ?? "POP")
        : how === "pop"
          ? "POP"
          : how === "push"
            ? "PUSH"
            : "REPLACE"
    ) as NavigationType
    state = { ...outcome, location: history.location, navigationType }
    notify()
  }

  const start = (...args: Parameters<typeof run>) => {
    const current = run(...args)
    pending = current
    if (args[1] !== "stay") {
      navigating = true
      notify()
      // Only the latest navigation ends the loading: an overtaken one finishes quietly.
      const end = () => {
        if (pending !== current) return
        navigating = false
        notify()
      }
      current.then(end, end)
    }
    return current
  }

  history.listen(({ location }) => void start(location, "pop", undefined, false))
  // The first location: the address bar is already there, so a redirect replaces it.
  if (!state) void start(createPath(history.location), "stay", history.location.state, true)

  return {
    state: () => state,
    revalidating: () => revalidating,
    navigating: () => navigating,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    navigator: {
      createHref: history.createHref,
      createURL: history.createURL,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: (to, locationState) => void start(to, "push", locationState, false),
      replace: (to, locationState) => void start(to, "replace", locationState, false),
    },
    pending: () => pending,
    async revalidate() {
      if (!state) return
      revalidating = true
      notify()
      try {
        await start(state.location, "stay", state.location.state, true)
      } finally {
        revalidating = false
        notify()
      }
    },
  }
}
