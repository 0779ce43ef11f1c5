import type { ComponentType } from "react"
import { matchRoutes, type Params, type RouteObject } from "react-router"
import { pageNotFound } from "./not-found.ts"

/**
 * The app's routes and what runs before a page opens: react-router matches them and renders
 * them (declarative mode), and this module loads what a page needs first (its code and its
 * loaders, which run the spec §2 guards). react-router's data router does the same, but it
 * costs every page about 16 KB gzip more than the declarative router, and these few rules are
 * all the app uses of it.
 */

/** What a route's code chunk gives. */
export type RouteModule = { Component: ComponentType; ErrorBoundary?: ComponentType }

export type LoaderArgs = {
  params: Params
  request: { url: string }
  /** What the caller hands every loader: the server's page renderer gives its data source. */
  context?: unknown
}

/** Data for the route's page; a `Redirect`, returned or thrown, sends the person elsewhere. */
export type Loader = (args: LoaderArgs) => unknown

export type AppRoute = {
  /** Given by `identify` from the route's place in the tree, unless set. */
  id?: string
  path?: string
  index?: boolean
  children?: AppRoute[]
  loader?: Loader
  /** The route's code, loaded the first time the route is entered. */
  lazy?: () => Promise<RouteModule>
  /** The source file of that code, from the project root (routing/route-pages.ts). */
  module?: string
  Component?: ComponentType
  /** Shown instead of the page when it or a route below it fails to load or to render. */
  ErrorBoundary?: ComponentType
  handle?: unknown
}

export type AppRouteMatch = {
  route: AppRoute
  params: Params
  pathname: string
  pathnameBase: string
}

export class Redirect {
  readonly to: string
  constructor(to: string) {
    this.to = to
  }
}

export const redirect = (to: string) => new Redirect(to)

/** The routes of one location, ready to render. */
export type RouteState = {
  matches: AppRouteMatch[]
  /** Each loader's result, by route id. */
  loaderData: Record<string, unknown>
  /** A failure, by the id of the route whose `ErrorBoundary` shows it; null when none failed. */
  errors: Record<string, unknown> | null
}

/** Gives every route a stable id from its place in the tree ("0", "0-1", ...), as the server and the browser both need the same. */
export function identify(routes: AppRoute[], parent = ""): AppRoute[] {
  routes.forEach((route, index) => {
    route.id ??= parent ? `${parent}-${index}` : String(index)
    if (route.children) identify(route.children, route.id)
  })
  return routes
}

export function matchAppRoutes(routes: AppRoute[], pathname: string): AppRouteMatch[] | null {
  // matchRoutes reads only path, index, caseSensitive and children, which AppRoute shares.
  return matchRoutes(routes as RouteObject[], pathname) as AppRouteMatch[] | null
}

/** A match as a page's state carries it: the route by its id. */
export type ServedMatch = Omit<AppRouteMatch, "route"> & { id: string }

export const serveMatches = (matches: AppRouteMatch[]): ServedMatch[] =>
  matches.map(({ route, ...match }) => ({ ...match, id: route.id! }))

/**
 * The matches a server-drawn page was rendered with, back on the route objects, or null when an
 * id is not in the tree. Cheaper than matching again: `matchRoutes` ranks every route of the
 * app, a cost paid on the main thread as the page starts.
 */
export function restoreMatches(routes: AppRoute[], served: ServedMatch[]): AppRouteMatch[] | null {
  const matches: AppRouteMatch[] = []
  let level: AppRoute[] | undefined = routes
  for (const { id, ...match } of served) {
    const route: AppRoute | undefined = level?.find((candidate) => candidate.id === id)
    if (!route) return null
    matches.push({ ...match, route })
    level = route.children
  }
  return matches.length > 0 ? matches : null
}

const modules = new WeakMap<AppRoute, Promise<void>>()

/** Loads the route's code once; afterwards its `Component` and `ErrorBoundary` are set. */
export function loadRouteModule(route: AppRoute): Promise<void> {
  const lazy = route.lazy
  if (!lazy) return Promise.resolve()
  let loading = modules.get(route)
  if (!loading) {
    loading = lazy().then((module) => {
      Object.assign(route, module)
      route.lazy = undefined
    })
    // A chunk that failed to arrive is asked for again on the next visit.
    loading.catch(() => modules.delete(route))
    modules.set(route, loading)
  }
  return loading
}

type Outcome = { data: unknown } | { error: unknown } | { redirect: Redirect }

async function settle(work: () => unknown): Promise<Outcome> {
  try {
    const data = await work()
    return data instanceof Redirect ? { redirect: data } : { data }
  } catch (error) {
    return error instanceof Redirect ? { redirect: error } : { error }
  }
}

const sameParams = (a: Params, b: Params) => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

/** What the previous location of a navigation left, so loaders that would answer the same are not run again. */
export type Previous = RouteState & { url: URL }

/**
 * Loads a location: the code and the loader of every matched route, all at once. A redirect
 * (the first, from the outermost route) wins over everything; a failure goes to the nearest
 * route at or above it with an `ErrorBoundary`, the root's when none has one. A route whose
 * params and search are unchanged since `previous` keeps its data, as the data router does.
 */
export async function loadLocation(
  routes: AppRoute[],
  url: URL,
  context?: unknown,
  previous?: Previous,
): Promise<RouteState | Redirect> {
  const matches = matchAppRoutes(routes, url.pathname)
  if (!matches) {
    // The root's error boundary says so.
    const root = routes[0]!
    await loadRouteModule(root)
    const match = { route: root, params: {}, pathname: url.pathname, pathnameBase: "/" }
    return { matches: [match], loaderData: {}, errors: { [root.id!]: pageNotFound() } }
  }
  const outcomes = await Promise.all(
    matches.map(({ route, params }) =>
      settle(async () => {
        const kept = previous && keepsData(previous, route, params, url)
        const code = loadRouteModule(route)
        const data = kept
          ? Promise.resolve(previous.loaderData[route.id!])
          : Promise.resolve().then(() =>
              route.loader?.({ params, request: { url: url.href }, context }),
            )
        // The code too, even when the loader failed first: it may bring the error boundary.
        await Promise.allSettled([code, data])
        await code
        return data
      }),
    ),
  )
  const loaderData: Record<string, unknown> = {}
  let errors: Record<string, unknown> | null = null
  for (const [index, outcome] of outcomes.entries()) {
    if ("redirect" in outcome) return outcome.redirect
    const route = matches[index]!.route
    if ("data" in outcome) {
      if (route.loader) loaderData[route.id!] = outcome.data
      continue
    }
    const boundary =
      matches
        .slice(0, index + 1)
        .reverse()
        .find((match) => match.route.ErrorBoundary)?.route ?? matches[0]!.route
    errors ??= {}
    if (!(boundary.id! in errors)) errors[boundary.id!] = outcome.error
  }
  return { matches, loaderData, errors }
}

function keepsData(previous: Previous, route: AppRoute, params: Params, url: URL) {
  if (previous.url.search !== url.search || previous.url.href === url.href) return false
  if (previous.errors) return false
  const before = previous.matches.find((match) => match.route === route)
  return (
    before !== undefined &&
    sameParams(before.params, params) &&
    Object.hasOwn(previous.loaderData, route.id!)
  )
}
