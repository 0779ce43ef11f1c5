import Fastify from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../test/test-app.ts"
import { registerErrorHandling } from "./error-handler.ts"
import { loginRequiredMessage, registerAuth } from "./auth.ts"
import type { Caller } from "./route-access.ts"
import { createTokenService } from "./tokens.ts"

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

describe("a route's declared caller, with no other wiring", () => {
  const documented: unknown[] = []

  /** An app with only the auth plugin and one route for creators, on the test app's database. */
  async function creatorsOnly() {
    const app = Fastify()
    registerErrorHandling(app)
    const tokens = createTokenService(
      t.config.jwtSecret,
      () => t.clock.now(),
      t.config.accessTokenTtlSeconds,
    )
    registerAuth(app, { db: t.db, tokens })
    app.addHook("onRoute", (route) => {
      documented.push(route.schema?.security)
    })
    app.get(
      "/only-creators",
      { config: { access: { caller: "performer", owns: "studio" } } },
      async (request) => ({ id: request.account?.id }),
    )
    await app.ready()
    return app
  }

  it("refuses a follower's token and a visitor, and lets the creator in", async () => {
    const app = await creatorsOnly()
    try {
      const follower = await t.createAccount()
      const creator = await t.createCreator()
      const call = (token?: string) =>
        app.inject({
          url: "/only-creators",
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })

      const visitor = await call()
      expect(visitor.statusCode).toBe(401)
      expect(visitor.json()).toEqual({ message: loginRequiredMessage, code: "unauthorized" })
      const asFollower = await call(follower.token)
      expect(asFollower.statusCode).toBe(403)
      expect(asFollower.json()).toEqual({
        message: "Você não tem permissão para acessar este recurso.",
        code: "forbidden_role",
      })
      const asCreator = await call(creator.token)
      expect(asCreator.statusCode).toBe(200)
      expect(asCreator.json()).toEqual({ id: creator.id })
    } finally {
      await app.close()
    }
  })

  it("marks the route as needing a bearer token in the API's documentation", async () => {
    const app = await creatorsOnly()
    await app.close()
    expect(documented.at(-1)).toEqual([{ bearerAuth: [] }])
  })
})
