import { describe, expect, it, vi } from "vitest"
import {
  identify,
  loadLocation,
  matchAppRoutes,
  Redirect,
  redirect,
  restoreMatches,
  serveMatches,
  type AppRoute,
  type LoaderArgs,
  type RouteState,
} from "./routes.ts"

const Page = () => null
const Boundary = () => null
const url = (path: string) => new URL(`http://closer.test${path}`)

async function loaded(routes: AppRoute[], path: string, previous?: RouteState & { url: URL }) {
  const state = await loadLocation(routes, url(path), { source: "test" }, previous)
  if (state instanceof Redirect) throw new Error(`redirected to ${state.to}`)
  return state
}

describe("identify", () => {
  it("names each route by its place in the tree and keeps a name given", () => {
    const routes = identify([
      { children: [{ index: true }, { id: "creator", path: ":username", children: [{}] }] },
    ])
    expect(routes[0]!.id).toBe("0")
    expect(routes[0]!.children!.map((route) => route.id)).toEqual(["0-0", "creator"])
    expect(routes[0]!.children![1]!.children![0]!.id).toBe("creator-0")
  })
})

describe("restoreMatches", () => {
  const routes = identify([
    {
      children: [
        { index: true },
        { id: "creator", path: ":username", children: [{ index: true }, { path: "checkout" }] },
      ],
    },
  ])

  it("gives back, from ids, the same matches a page was rendered with", () => {
    const matches = matchAppRoutes(routes, "/demo/checkout")!
    const served = serveMatches(matches)
    expect(served.map((match) => match.id)).toEqual(["0", "creator", "creator-1"])
    // Through JSON, as the page carries them.
    const restored = restoreMatches(routes, JSON.parse(JSON.stringify(served)))
    expect(restored).toEqual(matches)
    expect(restored!.map((match) => match.route)).toEqual(matches.map((match) => match.route))
    expect(restored!.at(-1)!.route).toBe(routes[0]!.children![1]!.children![1])
  })

  it("gives nothing for an id the tree does not have there, so the caller matches anew", () => {
    const served = serveMatches(matchAppRoutes(routes, "/demo/checkout")!)
    expect(
      restoreMatches(
        routes,
        served.map((m, i) => (i === 2 ? { ...m, id: "x" } : m)),
      ),
    ).toBe(null)
    // An id that exists, but not under the route before it.
    expect(restoreMatches(routes, [served[0]!, served[2]!])).toBe(null)
    expect(restoreMatches(routes, [])).toBe(null)
  })
})

describe("loadLocation", () => {
  it("runs every matched route's loader with its params, the URL and the context, keyed by route", async () => {
    const seen: LoaderArgs[] = []
    const routes = identify([
      {
        Component: Page,
        children: [
          {
            id: "creator",
            path: ":username",
            loader: (args) => {
              seen.push(args)
              return { username: args.params.username }
            },
            children: [{ path: "checkout", loader: () => null, Component: Page }],
          },
        ],
      },
    ])
    const state = await loaded(routes, "/demo/checkout?plan=3")
    expect(state.matches.map((match) => match.route.id)).toEqual(["0", "creator", "creator-0"])
    expect(state.loaderData).toEqual({ creator: { username: "demo" }, "creator-0": null })
    expect(state.errors).toBeNull()
    expect(seen[0]).toMatchObject({
      params: { username: "demo" },
      request: { url: "http://closer.test/demo/checkout?plan=3" },
      context: { source: "test" },
    })
  })

  it("loads a route's code before the page opens, once", async () => {
    const lazy = vi.fn(async () => ({ Component: Page, ErrorBoundary: Boundary }))
    const route: AppRoute = { path: "terms", lazy }
    const routes = identify([route])
    await loaded(routes, "/terms")
    await loaded(routes, "/terms")
    expect(lazy).toHaveBeenCalledTimes(1)
    expect(route.Component).toBe(Page)
    expect(route.ErrorBoundary).toBe(Boundary)
  })

  it("follows the outermost redirect, returned or thrown, over any data or failure", async () => {
    const routes = identify([
      {
        path: ":username",
        loader: () => {
          throw redirect("/entrar")
        },
        children: [{ path: "stories", loader: () => redirect("/demo/checkout") }],
      },
    ])
    expect(await loadLocation(routes, url("/demo/stories"))).toEqual(new Redirect("/entrar"))
    const inner = identify([
      {
        path: ":username",
        loader: () => ({ username: "demo" }),
        children: [{ path: "stories", loader: () => redirect("/demo/checkout") }],
      },
    ])
    expect(await loadLocation(inner, url("/demo/stories"))).toEqual(new Redirect("/demo/checkout"))
  })

  it("hands a failure to the nearest error boundary at or above the route, else the root", async () => {
    const failure = new Error("Perfil não encontrado.")
    const routes = identify([
      {
        ErrorBoundary: Boundary,
        children: [
          {
            id: "creator",
            path: ":username",
            lazy: async () => ({ Component: Page, ErrorBoundary: Boundary }),
            loader: () => Promise.reject(failure),
            children: [{ index: true, loader: () => Promise.reject(new Error("depois")) }],
          },
          { path: "doc/terms", loader: () => Promise.reject(failure) },
        ],
      },
    ])
    expect((await loaded(routes, "/demo")).errors).toEqual({ creator: failure })
    expect((await loaded(routes, "/doc/terms")).errors).toEqual({ "0": failure })
  })

  it("waits for a failed route's code, whose error boundary then shows the failure", async () => {
    let arrive!: () => void
    const code = new Promise<void>((resolve) => (arrive = resolve))
    const failure = new Error("Não foi possível conectar.")
    const routes = identify([
      {
        ErrorBoundary: Page,
        children: [
          {
            id: "creator",
            path: ":username",
            lazy: async () => {
              await code
              return { Component: Page, ErrorBoundary: Boundary }
            },
            loader: () => Promise.reject(failure),
          },
        ],
      },
    ])
    const loading = loaded(routes, "/demo")
    setTimeout(arrive, 20)
    expect((await loading).errors).toEqual({ creator: failure })
  })

  it("answers a path no route matches with the root's 404", async () => {
    const routes = identify([{ ErrorBoundary: Boundary, children: [{ path: "doc/terms" }] }])
    const state = await loaded(routes, "/nada/aqui")
    expect(state.matches.map((match) => match.route.id)).toEqual(["0"])
    expect(state.errors!["0"]).toMatchObject({ message: "Página não encontrada.", status: 404 })
  })

  it("keeps the data of routes whose params and search did not change, and loads again otherwise", async () => {
    const creator = vi.fn(({ params }: LoaderArgs) => ({ username: params.username }))
    const child = vi.fn(() => null)
    const routes = identify([
      {
        id: "creator",
        path: ":username",
        loader: creator,
        children: [
          { path: "profile", loader: child },
          { path: "checkout", loader: child },
        ],
      },
    ])
    const first = await loaded(routes, "/demo/profile")
    const next = await loaded(routes, "/demo/checkout", { ...first, url: url("/demo/profile") })
    expect(creator).toHaveBeenCalledTimes(1)
    expect(child).toHaveBeenCalledTimes(2)
    expect(next.loaderData.creator).toEqual({ username: "demo" })

    await loaded(routes, "/outra/checkout", { ...next, url: url("/demo/checkout") })
    expect(creator).toHaveBeenCalledTimes(2)
    await loaded(routes, "/demo/checkout?plan=2", { ...next, url: url("/demo/checkout") })
    expect(creator).toHaveBeenCalledTimes(3)
    // The same address again (a link to the page one is on) loads it again.
    await loaded(routes, "/demo/checkout", { ...next, url: url("/demo/checkout") })
    expect(creator).toHaveBeenCalledTimes(4)
  })
})
