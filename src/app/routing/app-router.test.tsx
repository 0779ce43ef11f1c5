import { act, cleanup, render, screen } from "@testing-library/react"
import { useParams, useSearchParams } from "react-router"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createAppRouter, type AppRouter } from "./app-router.ts"
import {
  AppRouterView,
  useLoaderData,
  useNavigate,
  useRevalidator,
  useRouteError,
} from "./route-views.tsx"
import { identify, redirect, type AppRoute } from "./routes.ts"

/** A loader the test answers by hand, to see what shows while it is still loading. */
function gate() {
  const waiting: Array<(value: unknown) => void> = []
  return {
    loader: () => new Promise((resolve) => waiting.push(resolve)),
    open: (value: unknown = null) => waiting.shift()?.(value),
    get waiting() {
      return waiting.length
    },
  }
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

function Profile() {
  const { username } = useLoaderData<{ username: string }>()
  const navigate = useNavigate()
  const { revalidate, state } = useRevalidator()
  return (
    <main>
      <h1>{`perfil de ${username}`}</h1>
      <p>{`recarga ${state}`}</p>
      <button type="button" onClick={() => void navigate(`/${username}/checkout`)}>
        assinar
      </button>
      <button type="button" onClick={() => void revalidate()}>
        recarregar
      </button>
    </main>
  )
}

function Checkout() {
  const { username } = useParams()
  const [params] = useSearchParams()
  return <h1>{`checkout de ${username} ${params.get("plan") ?? ""}`.trim()}</h1>
}

function Failure() {
  const error = useRouteError() as Error
  return <p role="alert">{error.message}</p>
}

beforeEach(() => {
  window.history.replaceState(null, "", "/")
  // jsdom has no layout to scroll; scroll-and-focus.test.tsx checks what the router asks of it.
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function start(routes: AppRoute[], path: string): AppRouter {
  window.history.replaceState(null, "", path)
  const router = createAppRouter(routes)
  render(<AppRouterView router={router} fallback={<p>carregando</p>} />)
  return router
}

describe("the browser's router", () => {
  it("shows the fallback until the first page has loaded, then the page with its loader's data", async () => {
    const profile = gate()
    start(
      identify([
        {
          id: "creator",
          path: ":username",
          loader: async ({ params }) => ({ ...((await profile.loader()) as object), ...params }),
          Component: Profile,
        },
      ]),
      "/demo",
    )
    expect(screen.getByText("carregando")).toBeInTheDocument()
    await vi.waitFor(() => expect(profile.waiting).toBe(1))
    await act(async () => profile.open({}))
    expect(await screen.findByRole("heading", { name: "perfil de demo" })).toBeInTheDocument()
  })

  it("keeps the page and the address until the next one has loaded; a newer navigation wins", async () => {
    const checkout = gate()
    const routes = identify([
      { path: ":username", loader: ({ params }) => params, Component: Profile },
      { path: ":username/checkout", loader: checkout.loader, Component: Checkout },
    ])
    const current = start(routes, "/demo")
    await screen.findByRole("heading", { name: "perfil de demo" })

    act(() => screen.getByRole("button", { name: "assinar" }).click())
    await flush()
    expect(window.location.pathname).toBe("/demo")
    expect(screen.getByRole("heading", { name: "perfil de demo" })).toBeInTheDocument()

    // Another navigation while the first still loads: the first is dropped when it ends.
    act(() => current.navigator.push("/demo/checkout?plan=2"))
    await act(async () => checkout.open())
    await act(async () => checkout.open())
    await flush()
    expect(window.location.pathname + window.location.search).toBe("/demo/checkout?plan=2")
    expect(screen.getByRole("heading", { name: "checkout de demo 2" })).toBeInTheDocument()
  })

  it("shows the progress bar only once the next page has taken over 300 ms", async () => {
    const checkout = gate()
    const routes = identify([
      { path: ":username", loader: ({ params }) => params, Component: Profile },
      { path: ":username/checkout", loader: checkout.loader, Component: Checkout },
    ])
    const router = start(routes, "/demo")
    await screen.findByRole("heading", { name: "perfil de demo" })
    expect(router.navigating()).toBe(false)

    act(() => screen.getByRole("button", { name: "assinar" }).click())
    expect(router.navigating()).toBe(true)
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)))
    expect(screen.queryByRole("progressbar")).toBeNull()
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)))
    expect(screen.getByRole("progressbar", { name: "Carregando página" })).toBeInTheDocument()

    await act(async () => checkout.open())
    await screen.findByRole("heading", { name: "checkout de demo" })
    expect(router.navigating()).toBe(false)
    expect(screen.queryByRole("progressbar")).toBeNull()
  })

  it("follows a guard's redirect and replaces the address on the first load", async () => {
    start(
      identify([
        { path: ":username/stories", loader: ({ params }) => redirect(`/${params.username}`) },
        { path: ":username", loader: ({ params }) => params, Component: Profile },
      ]),
      "/demo/stories",
    )
    expect(await screen.findByRole("heading", { name: "perfil de demo" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/demo")
  })

  it("loads the page of a back or forward before showing it", async () => {
    const routes = identify([
      { path: ":username", loader: ({ params }) => params, Component: Profile },
      { path: ":username/checkout", loader: () => null, Component: Checkout },
    ])
    start(routes, "/demo")
    await screen.findByRole("heading", { name: "perfil de demo" })
    act(() => screen.getByRole("button", { name: "assinar" }).click())
    await screen.findByRole("heading", { name: "checkout de demo" })
    await act(async () => {
      window.history.back()
      await new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }))
    })
    expect(await screen.findByRole("heading", { name: "perfil de demo" })).toBeInTheDocument()
  })

  it("runs the page's loaders again on revalidate, saying so while it does", async () => {
    let loads = 0
    const again = gate()
    start(
      identify([
        {
          path: ":username",
          loader: async ({ params }) => {
            loads += 1
            if (loads > 1) await again.loader()
            return params
          },
          Component: Profile,
        },
      ]),
      "/demo",
    )
    await screen.findByText("recarga idle")
    act(() => screen.getByRole("button", { name: "recarregar" }).click())
    expect(await screen.findByText("recarga loading")).toBeInTheDocument()
    await act(async () => again.open())
    expect(await screen.findByText("recarga idle")).toBeInTheDocument()
    expect(loads).toBe(2)
    expect(window.location.pathname).toBe("/demo")
  })

  it("shows the nearest error boundary for a failed loader, and for a page that throws", async () => {
    function Broken(): never {
      throw new Error("A página quebrou.")
    }
    // React reports an error a boundary caught; the test reads the boundary instead.
    const reported = vi.spyOn(console, "error").mockImplementation(() => undefined)
    const current = start(
      identify([
        {
          ErrorBoundary: Failure,
          children: [
            {
              path: ":username",
              loader: () => Promise.reject(new Error("Perfil não encontrado.")),
              Component: Profile,
            },
            { path: "doc/quebrada", Component: Broken },
            { path: "doc/terms", Component: () => <h1>Termos de uso</h1> },
          ],
        },
      ]),
      "/demo",
    )
    expect(await screen.findByRole("alert")).toHaveTextContent("Perfil não encontrado.")
    act(() => current.navigator.push("/doc/quebrada"))
    await flush()
    expect(await screen.findByRole("alert")).toHaveTextContent("A página quebrou.")
    reported.mockRestore()
    // Another page after the failure shows as usual.
    act(() => current.navigator.push("/doc/terms"))
    expect(await screen.findByRole("heading", { name: "Termos de uso" })).toBeInTheDocument()
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  })

  it("resolves navigate once the next page shows", async () => {
    const checkout = gate()
    let navigated: Promise<void> | null = null
    function Go() {
      const navigate = useNavigate()
      return (
        <button type="button" onClick={() => (navigated = navigate("/demo/checkout"))}>
          ir
        </button>
      )
    }
    start(
      identify([
        { path: "/", Component: Go },
        { path: ":username/checkout", loader: checkout.loader, Component: Checkout },
      ]),
      "/",
    )
    const go = await screen.findByRole("button", { name: "ir" })
    act(() => go.click())
    let done = false
    void navigated!.then(() => (done = true))
    await flush()
    expect(done).toBe(false)
    await act(async () => checkout.open())
    await act(async () => navigated!)
    expect(done).toBe(true)
    expect(screen.getByRole("heading", { name: "checkout de demo" })).toBeInTheDocument()
  })
})
