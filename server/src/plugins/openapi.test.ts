import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../test/test-app.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** Fastify's `/v1/profile/:username` and `/v1/files/*` as OpenAPI writes them. */
const toOpenApiPath = (url: string) =>
  url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, "{*}")

describe("OpenAPI document", () => {
  it("is served as JSON at /v1/docs/json and as a UI at /v1/docs", async () => {
    const json = await t.inject({ url: "/v1/docs/json" })
    expect(json.statusCode).toBe(200)
    expect(json.json().openapi).toMatch(/^3\./)
    const ui = await t.inject({ url: "/v1/docs/" })
    expect(ui.statusCode).toBe(200)
    expect(ui.headers["content-type"]).toContain("text/html")
  })

  it("documents every /v1 route with a summary and its responses", async () => {
    const doc = (await t.inject({ url: "/v1/docs/json" })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { summary?: string; responses?: Record<string, unknown>; security?: unknown[] }
        >
      >
    }
    const apiRoutes = t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith("/v1/") &&
        !route.url.startsWith("/v1/docs") &&
        route.method !== "HEAD",
    )
    expect(apiRoutes.length).toBeGreaterThanOrEqual(20)
    for (const route of apiRoutes) {
      const operation = doc.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()]
      expect(operation, `${route.method} ${route.url}`).toBeDefined()
      expect(operation!.summary, `${route.method} ${route.url}`).toBeTruthy()
      expect(Object.keys(operation!.responses ?? {}), `${route.method} ${route.url}`).toContain(
        "200",
      )
    }
  })

  it("lists the calls of the spec and marks the signed-in ones", async () => {
    const doc = (await t.inject({ url: "/v1/docs/json" })).json()
    const expected = [
      ["post", "/v1/auth/login"],
      ["post", "/v1/auth/customer/register/short"],
      ["post", "/v1/auth/recover/email"],
      ["post", "/v1/auth/recover/code"],
      ["post", "/v1/auth/recover/password"],
      ["post", "/v1/auth/password/change"],
      ["get", "/v1/auth/session"],
      ["get", "/v1/profile/{username}"],
      ["get", "/v1/{username}/profile"],
      ["patch", "/v1/profile"],
      ["get", "/v1/stories/{username}"],
      ["get", "/v1/u/{username}/stats"],
      ["get", "/v1/u/{username}/stories"],
      ["get", "/v1/u/{username}/medias"],
      ["get", "/v1/u/{username}/highlights"],
      ["post", "/v1/stories/seen/{storyId}"],
      ["post", "/v1/medias/{id}/like"],
      ["post", "/v1/medias/{id}/unlike"],
      ["post", "/v1/performer/lead"],
      ["get", "/v1/health"],
    ]
    for (const [method, path] of expected)
      expect(doc.paths[path!]?.[method!], `${method} ${path}`).toBeDefined()
    expect(doc.paths["/v1/auth/session"].get.security).toEqual([{ bearerAuth: [] }])
    expect(doc.paths["/v1/patch"]).toBeUndefined()
    expect(doc.paths["/v1/profile"].patch.security).toEqual([{ bearerAuth: [] }])
    expect(doc.paths["/v1/auth/login"].post.security).toBeUndefined()
  })
})
