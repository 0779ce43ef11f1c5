// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { gzipSync } from "node:zlib"
import { build, type Plugin } from "vite"
import { describe, expect, it } from "vitest"
import {
  installedReactRouter,
  patchedReactRouter,
  patchReactRouter,
  reactRouterModules,
  treeShakeReactRouter,
} from "./tree-shake-react-router.ts"
import { callHook } from "./testing/plugin-hooks.ts"

/** What the app takes from react-router (src/app/routing and the route containers). */
const used = [
  "Navigate",
  "Outlet",
  "Router",
  "createPath",
  "matchRoutes",
  "renderMatches",
  "useLocation",
  "useNavigate",
  "useParams",
  "useSearchParams",
  "UNSAFE_createBrowserHistory",
]
const appImports = `import { ${used} } from "react-router"; globalThis.used = [${used}]`

const entry: Plugin = {
  name: "react-router-uses",
  resolveId: (id) => (id === "react-router-uses" ? id : null),
  load: (id) => (id === "react-router-uses" ? appImports : null),
}

/** Gzip bytes of a production bundle of `appImports`, React left out. */
async function bundledBytes(plugins: Plugin[]): Promise<number> {
  const output = await build({
    configFile: false,
    logLevel: "silent",
    plugins: [entry, ...plugins],
    build: {
      write: false,
      rolldownOptions: {
        input: "react-router-uses",
        external: ["react", "react-dom", "react/jsx-runtime"],
      },
    },
  })
  const [result] = Array.isArray(output) ? output : [output]
  const chunks = result && "output" in result ? result.output : []
  return chunks.reduce(
    (sum, file) => sum + (file.type === "chunk" ? gzipSync(file.code, { level: 9 }).length : 0),
    0,
  )
}

describe("treeShakeReactRouter", () => {
  it("was measured on the react-router release installed", () => {
    expect(installedReactRouter(), "measure the patch again, then update patchedReactRouter").toBe(
      patchedReactRouter,
    )
  })

  it("still finds what it changes in react-router's modules", () => {
    const require = createRequire(import.meta.url)
    const dist = path.dirname(require.resolve("react-router"))
    const modules = readdirSync(dist)
      .map((file) => path.join(dist, file))
      .filter((file) => reactRouterModules.test(file))
    const changes = modules.map((file) => patchReactRouter(readFileSync(file, "utf8")).changes)
    // 33 in 7.18.5, all in the chunk holding the components.
    expect(Math.max(...changes)).toBeGreaterThan(10)
  })

  it("drops display names and marks the component factories pure", () => {
    const code = [
      "const Link = React.forwardRef(function Link() {});",
      'Link.displayName = "Link";',
      "var Ctx = React2.createContext(null);",
    ].join("\n")
    expect(patchReactRouter(code)).toEqual({
      code: [
        "const Link = /* @__PURE__ */ React.forwardRef(function Link() {});",
        "",
        "var Ctx = /* @__PURE__ */ React2.createContext(null);",
      ].join("\n"),
      changes: 3,
    })
  })

  it("fails the build when react-router's modules no longer hold what it changes", () => {
    const plugin = treeShakeReactRouter()
    const errors: string[] = []
    const context = { warn: () => {}, error: (message: string) => errors.push(message) }
    callHook(plugin, "buildStart", context)
    callHook(plugin, "transform", context, "export const Link = forwardRef(render);", "x.mjs")
    callHook(plugin, "buildEnd", context)
    expect(errors).toEqual([expect.stringContaining("changed none of react-router's modules")])
  })

  it("takes more than 2 KB gzip off what the app bundles of react-router", async () => {
    const [patched, plain] = [await bundledBytes([treeShakeReactRouter()]), await bundledBytes([])]
    expect(plain - patched).toBeGreaterThan(2 * 1024)
  }, 60_000)
})
