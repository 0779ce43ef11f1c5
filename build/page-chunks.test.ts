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
  "src/routes/sign-in.tsx": ["src/text-field.tsx"],
  "src/footer.tsx": [],
  "src/landing-screen.tsx": [],
  "src/creator-screen.tsx": [],
  "src/plans.ts": [],
  "src/checkout-screen.tsx": ["src/text-field.tsx", "src/card-form.tsx"],
  "src/text-field.tsx": ["src/field-messages.ts"],
  "src/field-messages.ts": [],
  "src/card-form.tsx": [],
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

const pages = {
  creator: ["src/routes/creator.tsx", "src/routes/profile.tsx"],
  landing: ["src/routes/landing.tsx"],
  checkout: ["src/routes/checkout.tsx"],
}

/** The files each of the plugin's groups takes, once the plugin has seen the graph. */
function membersOf(chunks: ReturnType<typeof pageChunks>) {
  callHook(chunks.plugin, "buildEnd", build)
  return (name: string) => {
    const group = chunks.groups.find((g) => g.name === name)!
    const test = group.test as (id: string) => boolean
    return Object.keys(graph).filter((file) => test(id(file)))
  }
}

it("groups each page's own modules, and what the first two pages share with the app", () => {
  const chunks = pageChunks(pages)
  const members = membersOf(chunks)

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
  expect(members("checkout")).toEqual([
    "src/routes/checkout.tsx",
    "src/checkout-screen.tsx",
    "src/text-field.tsx",
    "src/field-messages.ts",
    "src/card-form.tsx",
  ])
})

it("cuts out of a page's chunk what other routes reach too, leaving the page the rest", () => {
  const chunks = pageChunks(pages, { forms: { of: "checkout", with: ["src/routes/sign-in.tsx"] } })
  const members = membersOf(chunks)

  expect(chunks.names).toEqual(["app", "creator", "landing", "checkout", "forms"])
  // The sign-in step's field and what it imports, and none of the checkout's own code.
  expect(members("forms")).toEqual(["src/text-field.tsx", "src/field-messages.ts"])
  expect(members("checkout")).toEqual([
    "src/routes/checkout.tsx",
    "src/checkout-screen.tsx",
    "src/card-form.tsx",
  ])
  // The route itself is not the page's: it is left to the bundler's own chunk.
  expect(members("forms")).not.toContain("src/routes/sign-in.tsx")
  // What the earlier pages hold stays with them.
  expect(members("creator")).toContain("src/plans.ts")
})
