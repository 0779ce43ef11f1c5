import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
const scanned = ["server", "src", "tests", "bench", "scripts", "build"]
const skipped = new Set(["node_modules", "migrations", "assets", "dist", "data"])

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(file)
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : []
  })
}

/** Relative files a source reaches: imports, re-exports, import() and new URL(..., import.meta.url). */
function importsOf(file: string, code: string): string[] {
  const { importedFiles } = ts.preProcessFile(code, true, true)
  const urls = [...code.matchAll(/new URL\(\s*["'](\.{1,2}\/[^"']+)["']\s*,\s*import\.meta\.url/g)]
  return [...importedFiles.map((ref) => ref.fileName), ...urls.map((match) => match[1]!)]
    .filter((spec) => spec.startsWith("."))
    .map((spec) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))
}

const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || /^(server\/test|tests|src\/testing)\//.test(file)

/**
 * Files under server/src that only tests reach: imported by test code alone, directly or
 * through other such files. Entry points (imported by nothing) are not judged.
 */
export function testOnlySources(files: string[], read: (file: string) => string): string[] {
  const importers = new Map<string, Set<string>>()
  for (const file of files)
    for (const target of importsOf(file, read(file))) {
      if (!importers.has(target)) importers.set(target, new Set())
      importers.get(target)!.add(file)
    }
  const testOnly = new Set<string>()
  for (let grew = true; grew;) {
    grew = false
    for (const file of files) {
      if (!file.startsWith("server/src/") || isTestCode(file) || testOnly.has(file)) continue
      const by = [...(importers.get(file) ?? [])]
      if (by.length && by.every((importer) => isTestCode(importer) || testOnly.has(importer))) {
        testOnly.add(file)
        grew = true
      }
    }
  }
  return [...testOnly].sort()
}

describe("server/src holds no test support", () => {
  it("finds no file under server/src that only tests import", () => {
    const files = scanned.flatMap(sourceFiles)
    expect(files).toContain("server/src/app.ts")
    expect(testOnlySources(files, (file) => readFileSync(path.join(root, file), "utf8"))).toEqual(
      [],
    )
  })

  it("flags a helper imported by a test, and what only that helper imports", () => {
    const code: Record<string, string> = {
      "server/src/app.ts": 'import "./modules/a/a.service.ts"\n',
      "server/src/modules/a/a.service.ts": "export const a = 1\n",
      "server/src/modules/a/a.routes.test.ts":
        'import "./a.service.ts"\nimport { kit } from "./a-testing.ts"\n',
      "server/src/modules/a/a-testing.ts": 'export { b as kit } from "../b/b-fixtures.ts"\n',
      "server/src/modules/b/b-fixtures.ts": "export const b = 2\n",
      "server/test/test-app.ts": 'import "../src/modules/c/c.ts"\n',
      "server/src/modules/c/c.ts": "export const c = 3\n",
    }
    expect(testOnlySources(Object.keys(code), (file) => code[file]!)).toEqual([
      "server/src/modules/a/a-testing.ts",
      "server/src/modules/b/b-fixtures.ts",
      "server/src/modules/c/c.ts",
    ])
  })
})
