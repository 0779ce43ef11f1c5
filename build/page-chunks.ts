import type { Plugin } from "vite"
import type { CodeSplittingGroup } from "rolldown"
import { isOneOf } from "./landing-pages.ts"
import { reachedFrom } from "./module-graph.ts"

/** A chunk cut out of a page's: the page's modules that other routes (`with`) reach too. */
export type SharedChunk = { of: string; with: string[] }

/**
 * The app's code a page needs, in as few files as the pages allow: what the entry imports (and
 * what the first two pages both show) in one chunk named "app", then one chunk per page with
 * its route modules and all they import beyond that; an earlier page keeps what it shares with
 * a later one. Rolldown would otherwise cut
 * them into a file per shared module (a profile visit fetched 26 files), and each file costs a
 * request, a gzip header and its import and export lists. Libraries are left to other groups.
 * A shared chunk takes from a page's chunk what other routes reach too, so they load it alone
 * instead of the whole page's chunk, and the page loads one file more.
 */
export function pageChunks(
  pages: Record<string, string[]>,
  shared: Record<string, SharedChunk> = {},
): {
  plugin: Plugin
  groups: CodeSplittingGroup[]
  names: string[]
} {
  const members = new Map<string, Set<string>>()
  const plugin: Plugin = {
    name: "page-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const all = [...this.getModuleIds()]
      const imported = (id: string) => this.getModuleInfo(id)?.importedIds ?? []
      const closure = (roots: Iterable<string>) => reachedFrom(imported, roots)
      const entries = all.filter((id) => this.getModuleInfo(id)?.isEntry)
      // index.html and its script stay the entry chunk; what they import is shared with pages.
      const entryScripts = new Set(entries.flatMap((id) => [id, ...imported(id)]))
      const taken = closure(entries)
      const reach = Object.entries(pages).map(
        ([name, files]) => [name, closure(all.filter((id) => isOneOf(id, files)))] as const,
      )
      // What the first two pages both show (footer, support button) goes with the entry, so
      // neither page downloads the other's chunk for it.
      const [first, second] = reach
      if (first && second) first[1].forEach((id) => second[1].has(id) && taken.add(id))
      members.set("app", new Set([...taken].filter((id) => !entryScripts.has(id))))
      for (const [name, reached] of reach) {
        const own = new Set([...reached].filter((id) => !taken.has(id)))
        own.forEach((id) => taken.add(id))
        members.set(name, own)
      }
      for (const [name, { of, with: files }] of Object.entries(shared)) {
        const page = members.get(of) ?? new Set()
        const reached = closure(all.filter((id) => isOneOf(id, files)))
        members.set(name, new Set([...page].filter((id) => reached.has(id))))
        members.set(of, new Set([...page].filter((id) => !reached.has(id))))
      }
    },
  }
  const names = ["app", ...Object.keys(pages), ...Object.keys(shared)]
  const groups = names.map((name, index) => ({
    name,
    priority: names.length - index,
    // Only the page's own modules: the entry's stay with the entry.
    includeDependenciesRecursively: false,
    test: (id: string) => !/node_modules/.test(id) && (members.get(name)?.has(id) ?? false),
  }))
  return { plugin, groups, names }
}
