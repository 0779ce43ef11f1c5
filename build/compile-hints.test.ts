// @vitest-environment node
import { expect, it } from "vitest"
import type { OutputBundle } from "rolldown"
import { compileHint, compileHints } from "./compile-hints.ts"
import { callHook } from "./testing/plugin-hooks.ts"

const chunk = (name: string, isEntry = false, imports: string[] = []) => ({
  type: "chunk",
  name,
  fileName: `assets/${name}-1.js`,
  isEntry,
  imports: imports.map((imported) => `assets/${imported}-1.js`),
  code: `console.log("${name}");\n`,
})

it("marks the entry, the named first-load chunks and what they import, and moves their source maps down a line", () => {
  const bundle = {
    "assets/index-1.js": chunk("index", true),
    "assets/vendor-1.js": chunk("vendor", false, ["prices"]),
    // Shared with later pages, imported statically by a first-load chunk: it runs at once too.
    "assets/prices-1.js": chunk("prices"),
    "assets/vendor-1.js.map": {
      type: "asset",
      fileName: "assets/vendor-1.js.map",
      source: JSON.stringify({ version: 3, mappings: "AAAA" }),
    },
    "assets/card-form-1.js": chunk("card-form"),
  } as unknown as OutputBundle
  const code = (file: string) => (bundle[file] as { code: string }).code

  callHook(compileHints(["vendor"]), "generateBundle", {}, {}, bundle)

  expect(code("assets/index-1.js")).toBe(`${compileHint}console.log("index");\n`)
  expect(code("assets/vendor-1.js")).toBe(`${compileHint}console.log("vendor");\n`)
  expect(code("assets/prices-1.js")).toBe(`${compileHint}console.log("prices");\n`)
  expect(code("assets/card-form-1.js")).toBe('console.log("card-form");\n')
  const map = bundle["assets/vendor-1.js.map"] as { source: string }
  expect(JSON.parse(map.source)).toEqual({ version: 3, mappings: ";AAAA" })
})
