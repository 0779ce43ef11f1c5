import path from "node:path"
import type { Plugin } from "vite"
import type { CodeSplittingGroup } from "rolldown"
import { isOneOf } from "./landing-pages.ts"
import { reachedFrom } from "./module-graph.ts"

export type StaffShellOptions = {
  /** The layout route every page of the studio and the operator's area opens inside. */
  layout: string
  /** Whether a module (an absolute path) is one of those areas' route pages. */
  isStaffPage: (id: string) => boolean
  /** The build's other groups (the libraries', the app's): a file the layout loads is free. */
  groups: CodeSplittingGroup[]
}

const inGroup = ({ test }: CodeSplittingGroup, id: string) =>
  typeof test === "function" ? test(id) === true : test instanceof RegExp && test.test(id)

/**
 * The layout's chunk, with the small modules its area's pages share that no other page runs
 * and that need no file beyond those the layout loads already (views, fields, hooks). Left to
 * itself the bundler cuts a file for each set of pages a module serves: a studio page opened
 * on 19 to 30 files, each a request (six at a time on HTTP/1.1) before its first paint. A
 * module that brings files of its own (an uploader, a library) stays in its own chunk, so no
 * page downloads a file it did not before; a module only one page runs stays with that page.
 */
export function staffShell({ layout, isStaffPage, groups }: StaffShellOptions): {
  plugin: Plugin
  group: CodeSplittingGroup
} {
  const members = new Set<string>()
  // Run at the first module the group is asked about: the other groups know theirs by then.
  let findShared = () => {}
  const groupOf = (id: string) => groups.find((group) => inGroup(group, id))?.name
  const plugin: Plugin = {
    name: "staff-shell",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const all = [...this.getModuleIds()]
      const imported = (id: string) => this.getModuleInfo(id)?.importedIds ?? []
      const closure = (roots: Iterable<string>) => reachedFrom(imported, roots)
      const lazyImportersOf = new Map<string, string[]>()
      for (const id of all)
        for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          lazyImportersOf.set(target, [...(lazyImportersOf.get(target) ?? []), id])
      const lazy = [...lazyImportersOf.keys()]
      const pages = lazy.filter(isStaffPage)
      const layoutId = pages.find((id) => isOneOf(id, [layout]))
      if (!layoutId) return
      const entries = all.filter((id) => this.getModuleInfo(id)?.isEntry)

      // A lazy module (a dialog, a panel) only the staff's code imports is theirs too, and so
      // on down; what the entry or any other lazy module runs is another page's.
      const staffRoots = new Set(pages)
      let otherCode = new Set<string>()
      for (let grown = true; grown;) {
        const staffCode = closure(staffRoots)
        otherCode = closure([...entries, ...lazy.filter((id) => !staffRoots.has(id))])
        const more = lazy.filter(
          (id) =>
            !staffRoots.has(id) &&
            lazyImportersOf.get(id)!.every((by) => staffCode.has(by) && !otherCode.has(by)),
        )
        more.forEach((id) => staffRoots.add(id))
        grown = more.length > 0
      }

      const uses = new Map<string, number>()
      for (const page of pages)
        for (const id of closure([page])) uses.set(id, (uses.get(id) ?? 0) + 1)
      // What only the operator's pages share stays in a file no creator downloads.
      const besideLayout = pages.filter((id) => path.dirname(id) === path.dirname(layoutId))
      const layoutAreaCode = closure(besideLayout)
      const shared = [...uses]
        .filter(([id, count]) => count >= 2 && layoutAreaCode.has(id))
        .filter(([id]) => !otherCode.has(id) && !isStaffPage(id))
        .map(([id]) => id)
        .filter((id) => !/node_modules/.test(id))
      const layoutCode = closure([layoutId])
      findShared = () => {
        for (const id of layoutCode) if (!otherCode.has(id) && !groupOf(id)) members.add(id)
        const layoutFiles = new Set([...layoutCode].map(groupOf).filter(Boolean))
        const loaded = (id: string) =>
          layoutCode.has(id) || members.has(id) || layoutFiles.has(groupOf(id))
        // A shared module joins when all it imports is loaded with the layout or joins too.
        for (let grown = true; grown;) {
          const more = shared.filter(
            (id) => !members.has(id) && !groupOf(id) && imported(id).every(loaded),
          )
          more.forEach((id) => members.add(id))
          grown = more.length > 0
        }
      }
    },
  }
  const group: CodeSplittingGroup = {
    // Named as the layout's chunk was: the area's route chunks carry no preload list.
    name: "studio-layout-route",
    // Below the app's and the pages' groups: a module they hold stays theirs.
    priority: 0,
    includeDependenciesRecursively: false,
    test: (id) => {
      findShared()
      findShared = () => {}
      return members.has(id)
    },
  }
  return { plugin, group }
}
