// @vitest-environment node
import { expect, it } from "vitest"
import { pageChunks } from "./page-chunks.ts"
import { callHook } from "./testing/plugin-hooks.ts"

const root = "/project/"
/** A small app: each module with the modules it imports statically. */
const graph: Record<string, string[]> = {
  "index.html": ["src/main.tsx"],
  "src/main.tsx": ["src/app/app.tsx"],
  "src/app/app.tsx": ["src/api/client.ts", "node_modules/react/index.js"],
  "src/api/client.ts": [],
  "node_modules/react/index.js": [],
  // Pages, imported lazily by the router.
  "src/routes/landing.tsx": ["src/footer.tsx", "src/landing-screen.tsx"],
  "src/routes/creator.tsx": ["src/footer.tsx", "src/creator-screen.tsx"],
  "src/routes/profile.tsx": ["src/plans.ts"],
  "src/routes/checkout.tsx": ["src/plans.ts", "src/checkout-screen.tsx"],
  "src/routes/studio.tsx": ["src/studio-screen.tsx"],
  "src/footer.tsx": [],
  "src/landing-screen.tsx": [],
  "src/creator-screen.tsx": [],
  "src/plans.ts": [],
  "src/checkout-screen.tsx": [],
  "src/studio-screen.tsx": [],
}
const id = (file: string) => root + file
const build = {
  getModuleIds: () => Object.keys(graph).map(id)[Symbol.iterator](),
  getModuleInfo: (moduleId: string) => {
    const file = moduleId.slice(root.length)
    return { isEntry: file === "index.html", importedIds: (graph[file] ?? []).map(id) }
  },
}

it("groups each page's own modules, and what the first two pages share with the app", () => {
  const chunks = pageChunks({
    creator: ["src/routes/creator.tsx", "src/routes/profile.tsx"],
    landing: ["src/routes/landing.tsx"],
    checkout: ["src/routes/checkout.tsx"],
  })
  callHook(chunks.plugin, "buildEnd", build)
  const members = (name: string) => {
    const group = chunks.groups.find((g) => g.name === name)!
    const test = group.test as (id: string) => boolean
    return Object.keys(graph).filter((file) => test(id(file)))
  }

  expect(chunks.names).toEqual(["app", "creator", "landing", "checkout"])
  expect(chunks.groups.map((group) => group.priority)).toEqual([4, 3, 2, 1])
  // The entry's own scripts stay in the entry chunk; libraries are left to their group.
  expect(members("app")).toEqual(["src/app/app.tsx", "src/api/client.ts", "src/footer.tsx"])
  expect(members("creator")).toEqual([
    "src/routes/creator.tsx",
    "src/routes/profile.tsx",
    "src/creator-screen.tsx",
    "src/plans.ts",
  ])
  expect(members("landing")).toEqual(["src/routes/landing.tsx", "src/landing-screen.tsx"])
  expect(members("checkout")).toEqual(["src/routes/checkout.tsx", "src/checkout-screen.tsx"])
})
