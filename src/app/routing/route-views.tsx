import {
  Component,
  createContext,
  use,
  useCallback,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react"
import {
  Outlet,
  renderMatches,
  Router,
  useLocation,
  useNavigate as useRouterNavigate,
  type Location,
  type NavigateOptions,
  type NavigationType,
  type Navigator,
  type RouteObject,
  type To,
} from "react-router"
import type { AppRouter } from "./app-router.ts"
import { PendingIndicator } from "./pending-indicator.tsx"
import { useScrollAndFocus } from "./scroll-and-focus.ts"
import type { AppRoute, RouteState } from "./routes.ts"

type Loaded = Pick<RouteState, "loaderData" | "errors"> & {
  revalidate(): Promise<void>
  revalidating: boolean
  /** The navigation under way, for `useNavigate` to hand back. */
  pending(): Promise<void>
}

const LoadedContext = createContext<Loaded | null>(null)
const RouteContext = createContext<AppRoute | null>(null)
const ErrorContext = createContext<{ error: unknown } | null>(null)

const staticNavigator: Navigator = {
  createHref: (to) => (typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}`),
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
}
const idle = () => Promise.resolve()

/**
 * The matched routes of `state` inside react-router's `<Router>`: outlets, params, links and
 * navigate work as usual. The server renders it with a navigator that goes nowhere; the
 * browser, through `AppRouterView`, with its router's.
 */
export function RouteTree({
  state,
  location,
  navigator = staticNavigator,
  navigationType,
  revalidate = idle,
  revalidating = false,
  pending = idle,
}: {
  state: RouteState
  location: Location | string
  navigator?: Navigator
  navigationType?: NavigationType
} & Partial<Omit<Loaded, "loaderData" | "errors">>) {
  const loaded: Loaded = {
    loaderData: state.loaderData,
    errors: state.errors,
    revalidate,
    revalidating,
    pending,
  }
  return (
    <Router location={location} navigator={navigator} navigationType={navigationType}>
      <LoadedContext value={loaded}>{renderRoutes(state)}</LoadedContext>
    </Router>
  )
}

/** What react-router renders for each route: its view, under the route's path. */
const views = new WeakMap<AppRoute, RouteObject>()

function renderRoutes(state: RouteState) {
  const failed = state.matches.findIndex((match) => state.errors?.[match.route.id!] !== undefined)
  const shown = failed >= 0 ? state.matches.slice(0, failed + 1) : state.matches
  return renderMatches(
    shown.map((match) => {
      let view = views.get(match.route)
      if (!view) {
        const { id, path, index } = match.route
        view = { id, path, index, element: <RouteView route={match.route} /> } as RouteObject
        views.set(match.route, view)
      }
      return { ...match, route: view }
    }),
  )
}

/** One route: its page (or its `ErrorBoundary` when it failed), knowing which route it is. */
function RouteView({ route }: { route: AppRoute }) {
  const loaded = use(LoadedContext)!
  const failure = loaded.errors?.[route.id!]
  const Page = route.Component
  const Boundary = route.ErrorBoundary
  let content: ReactNode = Page ? <Page /> : <Outlet />
  if (Boundary) {
    content =
      failure !== undefined ? (
        <ErrorContext value={{ error: failure }}>
          <Boundary />
        </ErrorContext>
      ) : (
        <RenderFailure boundary={Boundary}>{content}</RenderFailure>
      )
  }
  return <RouteContext value={route}>{content}</RouteContext>
}

type RenderFailureProps = { boundary: ComponentType; children: ReactNode }
type RenderFailureState = { failure: { error: unknown } | null; location: Location }

/** A page that throws while rendering shows its route's `ErrorBoundary`, until the location changes. */
class RenderFailureBoundary extends Component<
  RenderFailureProps & { location: Location },
  RenderFailureState
> {
  constructor(props: RenderFailureProps & { location: Location }) {
    super(props)
    this.state = { failure: null, location: props.location }
  }
  static getDerivedStateFromError(error: unknown): Partial<RenderFailureState> {
    return { failure: { error } }
  }
  static getDerivedStateFromProps(
    props: { location: Location },
    state: RenderFailureState,
  ): Partial<RenderFailureState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location }
  }
  override render() {
    const { failure } = this.state
    if (!failure) return this.props.children
    const Boundary = this.props.boundary
    return (
      <ErrorContext value={failure}>
        <Boundary />
      </ErrorContext>
    )
  }
}

function RenderFailure(props: RenderFailureProps) {
  return <RenderFailureBoundary {...props} location={useLocation()} />
}

/** The browser's app: what `router` has loaded, kept up to date; `fallback` until the first page has. */
export function AppRouterView({ router, fallback }: { router: AppRouter; fallback: ReactNode }) {
  // The same state while hydrating: the router starts from the one the server rendered.
  const state = useSyncExternalStore(router.subscribe, router.state, router.state)
  const revalidating = useSyncExternalStore(
    router.subscribe,
    router.revalidating,
    router.revalidating,
  )
  if (!state) return fallback
  return (
    <RouterFrame
      indicator={<PendingIndicator router={router} />}
      effects={<NavigationEffects location={state.location} type={state.navigationType} />}
      tree={
        <RouteTree
          state={state}
          location={state.location}
          navigator={router.navigator}
          navigationType={state.navigationType}
          revalidate={router.revalidate}
          revalidating={revalidating}
          pending={router.pending}
        />
      }
    />
  )
}

/**
 * The route tree in its place among the router's own parts, the same on the server (which has
 * none of them) and in the browser: useId's ids follow the tree's shape, and a field hydrated
 * under another shape keeps the server's id while its error names the browser's.
 */
export function RouterFrame({
  indicator = null,
  effects = null,
  tree,
}: {
  indicator?: ReactNode
  effects?: ReactNode
  tree: ReactNode
}) {
  return (
    <>
      {indicator}
      {effects}
      {tree}
    </>
  )
}

/** Scroll and focus follow the location (scroll-and-focus.ts); it draws nothing. */
function NavigationEffects({ location, type }: { location: Location; type: NavigationType }) {
  useScrollAndFocus(location, type)
  return null
}

/** The data the route's loader returned. */
export function useLoaderData<T = unknown>(): T {
  const route = use(RouteContext)
  return use(LoadedContext)?.loaderData[route?.id ?? ""] as T
}

/** The failure a route's `ErrorBoundary` shows. */
export function useRouteError(): unknown {
  return use(ErrorContext)?.error
}

/** Runs the current page's loaders again; `state` says whether that is under way. */
export function useRevalidator() {
  const loaded = use(LoadedContext)
  return {
    revalidate: loaded?.revalidate ?? idle,
    state: loaded?.revalidating ? ("loading" as const) : ("idle" as const),
  }
}

/**
 * react-router's navigate, resolving once the next page shows (its code and loaders done), so
 * a form keeps its sending state until then.
 */
export function useNavigate() {
  const navigate = useRouterNavigate()
  const pending = use(LoadedContext)?.pending ?? idle
  return useCallback(
    (to: To | number, options?: NavigateOptions): Promise<void> => {
      if (typeof to === "number") navigate(to)
      else navigate(to, options)
      return pending()
    },
    [navigate, pending],
  )
}
