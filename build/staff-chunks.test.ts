// @vitest-environment node
import type { CodeSplittingGroup } from "rolldown"
import { expect, it } from "vitest"
import { staffShell } from "./staff-chunks.ts"
import { callHook } from "./testing/plugin-hooks.ts"

const root = "/project/"
/** A small app: each module with what it imports statically and lazily. */
const graph: Record<string, { imports?: string[]; lazy?: string[] }> = {
  "index.html": { imports: ["src/main.tsx"] },
  "src/main.tsx": {
    lazy: [
      "src/app/studio/studio-layout-route.tsx",
      "src/app/studio/studio-a-route.tsx",
      "src/app/studio/studio-b-route.tsx",
      "src/app/admin/admin-x-route.tsx",
      "src/app/admin/admin-y-route.tsx",
      "src/app/follower-route.tsx",
    ],
  },
  "src/app/studio/studio-layout-route.tsx": { imports: ["src/shell.tsx", "src/icons.tsx"] },
  "src/app/studio/studio-a-route.tsx": {
    imports: [
      "src/views.ts",
      "src/fields.tsx",
      "src/upload.ts",
      "src/only-a.tsx",
      "src/dialog-base.tsx",
      "src/card.tsx",
    ],
    lazy: ["src/panel.tsx"],
  },
  "src/app/studio/studio-b-route.tsx": {
    imports: [
      "src/views.ts",
      "src/fields.tsx",
      "src/upload.ts",
      "src/debounced.ts",
      "src/dialog-base.tsx",
    ],
  },
  "src/app/admin/admin-x-route.tsx": {
    imports: ["src/views.ts", "src/debounced.ts", "src/admin-api.ts", "src/pill.tsx"],
  },
  "src/app/admin/admin-y-route.tsx": { imports: ["src/admin-api.ts", "src/pill.tsx"] },
  "src/app/follower-route.tsx": { imports: ["src/upload-task.ts", "src/card.tsx"] },
  // The studio's pages run the card and the dialog's base, which a follower's page runs too.
  "src/card.tsx": { lazy: ["src/confirm.tsx"] },
  "src/confirm.tsx": { imports: ["src/dialog-base.tsx"] },
  "src/panel.tsx": { imports: ["src/fields.tsx", "src/panel-only.ts"] },
  "src/fields.tsx": { imports: ["src/text-field.tsx"] },
  "src/upload.ts": { imports: ["src/upload-task.ts"] },
  "src/views.ts": {},
}
const files = [
  ...new Set([
    ...Object.keys(graph),
    ...Object.values(graph).flatMap(({ imports = [], lazy = [] }) => [...imports, ...lazy]),
  ]),
]
const id = (file: string) => root + file
const build = {
  getModuleIds: () => files.map(id)[Symbol.iterator](),
  getModuleInfo: (moduleId: string) => {
    const { imports = [], lazy = [] } = graph[moduleId.slice(root.length)] ?? {}
    return {
      isEntry: moduleId === id("index.html"),
      importedIds: imports.map(id),
      dynamicallyImportedIds: lazy.map(id),
    }
  },
}
/** The app's group of form fields, which the layout loads for its icons. */
const forms: CodeSplittingGroup = { name: "forms", test: /(icons|text-field)\.tsx$/ }

function membersOf(layout = "src/app/studio/studio-layout-route.tsx") {
  const staff = staffShell({
    layout,
    isStaffPage: (moduleId) => /\/src\/app\/(studio|admin)\/[\w-]+-route\.tsx$/.test(moduleId),
    groups: [forms],
  })
  callHook(staff.plugin, "buildEnd", build)
  const test = staff.group.test as (moduleId: string) => boolean
  return { group: staff.group, members: files.filter((file) => test(id(file))) }
}

it("puts in the layout's chunk what two staff pages share, no other page runs and brings no file", () => {
  const { group, members } = membersOf()
  // Named as the layout's own chunk, below the app's and the pages' groups.
  expect(group).toMatchObject({ name: "studio-layout-route", priority: 0 })
  expect(members.sort()).toEqual([
    "src/app/studio/studio-layout-route.tsx",
    "src/debounced.ts",
    "src/fields.tsx",
    "src/shell.tsx",
    "src/views.ts",
  ])
})

it("leaves what a follower's page or its lazy code runs, one page's own and the operator's alone", () => {
  const { members } = membersOf()
  // The card and what its lazy dialog imports run on a follower's page.
  expect(members).not.toContain("src/card.tsx")
  expect(members).not.toContain("src/dialog-base.tsx")
  // The uploader brings a file the layout does not load; a page's own module stays its own.
  expect(members).not.toContain("src/upload.ts")
  expect(members).not.toContain("src/only-a.tsx")
  // Shared by the operator's pages alone; a studio panel's code stays lazy.
  expect(members).not.toContain("src/admin-api.ts")
  expect(members).not.toContain("src/pill.tsx")
  expect(members).not.toContain("src/panel-only.ts")
  // Modules of another group stay in it.
  expect(members).not.toContain("src/text-field.tsx")
  expect(members).not.toContain("src/icons.tsx")
})

it("takes nothing when the build has no such layout", () => {
  expect(membersOf("src/app/studio/elsewhere-route.tsx").members).toEqual([])
})
