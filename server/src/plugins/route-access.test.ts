import Fastify from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../test/test-app.ts"
import { registerRouteAccess, type Caller } from "./route-access.ts"

const callers: Caller[] = [
  "public",
  "signed-in",
  "performer",
  "admin",
  "shared-secret",
  "signed-url",
]

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const apiRoutes = () => t.app.registeredRoutes.filter((route) => route.url.startsWith("/v1/"))

describe("every /v1 route's access rule", () => {
  it("is declared on the route: who may call it", () => {
    const routes = apiRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(80)
    const undeclared = routes
      .filter((route) => !route.access || !callers.includes(route.access.caller))
      .map((route) => `${route.method} ${route.url}`)
    expect(undeclared).toEqual([])
  })

  it("names, on a route for signed-in callers, whose object it acts on", () => {
    const unnamed = apiRoutes()
      .filter((route) => ["signed-in", "performer"].includes(route.access?.caller ?? ""))
      .filter((route) => !route.access?.owns)
      .map((route) => `${route.method} ${route.url}`)
    expect(unnamed).toEqual([])
  })

  it("puts the studio with creators, the operators with admins, webhooks behind their secret", () => {
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`
      if (route.url.startsWith("/v1/studio/")) expect(route.access?.caller, key).toBe("performer")
      if (route.url.startsWith("/v1/admin/")) expect(route.access?.caller, key).toBe("admin")
      if (route.url.startsWith("/v1/webhooks/"))
        expect(route.access?.caller, key).toBe("shared-secret")
    }
  })
})

describe("a route whose declared access contradicts its enforcement", () => {
  const handler = async () => ({})

  it("is refused when the app is built", () => {
    const app = Fastify()
    registerRouteAccess(app)
    expect(() =>
      app.get("/a", { config: { roles: ["admin"], access: { caller: "performer" } } }, handler),
    ).toThrow('GET /a: roles admin but access declares the caller "performer"')
    expect(() =>
      app.get("/b", { config: { auth: "required", access: { caller: "public" } } }, handler),
    ).toThrow('GET /b: a session is required but access declares the caller "public"')
  })

  it("is accepted when both say the same", () => {
    const app = Fastify()
    registerRouteAccess(app)
    expect(() => {
      app.get("/a", { config: { roles: ["admin"], access: { caller: "admin" } } }, handler)
      app.get(
        "/b",
        { config: { auth: "required", access: { caller: "signed-in", owns: "account" } } },
        handler,
      )
      app.get("/c", { config: { access: { caller: "public" } } }, handler)
    }).not.toThrow()
  })
})
