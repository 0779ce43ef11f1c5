import { expect, it } from "vitest"
import {
  appPages,
  isNonCreatorSegment,
  isReservedUsername,
  serverSegments,
} from "../domain/route-segments.ts"
import { routes } from "./router.tsx"
import type { AppRoute } from "./routing/routes.ts"

const topLevel = routes[0]?.children ?? []
const firstSegment = (path: string) => path.split("/")[0]!

it("declares as its own top-level pages exactly the app's pages of the reserved list", () => {
  const own = topLevel.flatMap((route) =>
    route.path && !route.path.startsWith(":") ? [firstSegment(route.path)] : [],
  )
  expect(new Set(own)).toEqual(new Set(Object.values(appPages)))
})

it("reads every other first segment as a creator's username", () => {
  const dynamic = topLevel.filter((route) => route.path?.startsWith(":"))
  expect(dynamic.map((route) => route.path)).toEqual([":username"])
  expect(isNonCreatorSegment("demo")).toBe(false)
})

it("leaves no creator a username that the app's or the server's first segments would hide", () => {
  for (const segment of [...Object.values(appPages), ...serverSegments]) {
    expect(isNonCreatorSegment(segment), segment).toBe(true)
    expect(isReservedUsername(segment), segment).toBe(true)
  }
})

it("names, for every page whose code loads apart, the source file the server names to the browser", async () => {
  const { existsSync } = await import("node:fs")
  const pages: string[] = []
  const visit = (route: AppRoute) => {
    if (route.lazy) pages.push(route.module ?? `route ${route.id} without a module`)
    route.children?.forEach(visit)
  }
  routes.forEach(visit)
  expect(pages.length).toBeGreaterThan(40)
  for (const page of pages) expect(existsSync(page), page).toBe(true)
  expect(pages).toContain("src/app/admin/admin-leads-route.tsx")
  expect(pages).toContain("src/app/creator-page/routes/stories-route.tsx")
})
