import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
const modulesDir = "server/src/modules"

/** The other modules each module's code imports from (types included; tests aside). */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const name of readdirSync(path.join(root, modulesDir))) {
    const targets = new Set<string>()
    const files = readdirSync(path.join(root, modulesDir, name), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    for (const file of files) {
      const from = path.posix.join(modulesDir, name, file)
      const code = readFileSync(path.join(root, from), "utf8")
      for (const { fileName } of ts.preProcessFile(code, true, true).importedFiles) {
        if (!fileName.startsWith(".")) continue
        const target = path.posix.join(path.posix.dirname(from), fileName)
        const other = target.startsWith(`${modulesDir}/`) && target.split("/")[3]
        if (other && other !== name) targets.add(other)
      }
    }
    graph.set(name, targets)
  }
  return graph
}

/** A path of imports that comes back to where it started, or null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>()
  const visit = (node: string, trail: string[]): string[] | null => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node]
    if (done.has(node)) return null
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node])
      if (cycle) return cycle
    }
    done.add(node)
    return null
  }
  for (const node of graph.keys()) {
    const cycle = visit(node, [])
    if (cycle) return cycle
  }
  return null
}

describe("imports between modules", () => {
  it("never go both ways, even as types", () => {
    const graph = moduleImports()
    expect(graph.get("checkout")).toContain("payments")
    expect(findCycle(graph)).toBeNull()
  })

  it("are caught when they come back round", () => {
    const graph = new Map([
      ["studio", new Set(["payments"])],
      ["payments", new Set(["receipts"])],
      ["receipts", new Set(["studio"])],
    ])
    expect(findCycle(graph)).toEqual(["studio", "payments", "receipts", "studio"])
    expect(findCycle(new Map([["studio", new Set(["payments"])]]))).toBeNull()
  })
})
