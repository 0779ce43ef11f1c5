import { expect, it } from "vitest"
import { appPages, nonCreatorSegments, reservedUsernames } from "../domain/route-segments.ts"
import { routes } from "./router.tsx"

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
})

it("leaves no creator a username that one of those first segments would hide", () => {
  for (const segment of nonCreatorSegments)
    expect(reservedUsernames.has(segment), segment).toBe(true)
})
