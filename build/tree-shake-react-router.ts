import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Plugin } from "vite"

/** The react-router release this patch was measured on (docs/performance.md, "Build"). */
export const patchedReactRouter = "7.18.5"

export function installedReactRouter(): string {
  const file = createRequire(import.meta.url).resolve("react-router/package.json")
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version
}

/** Where react-router's bundled modules are: the patch reads only these. */
export const reactRouterModules = /node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/

/**
 * Drops `X.displayName = "X"` (only React DevTools reads them) and marks the component
 * factories pure, returning the code and how many places changed.
 */
export function patchReactRouter(code: string): { code: string; changes: number } {
  let changes = 0
  const patched = code
    .replace(/^\s*[\w$]+\.displayName = "[^"]*";$/gm, () => (changes++, ""))
    .replace(
      /(=\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g,
      (_match, assign: string, call: string) => (changes++, `${assign}/* @__PURE__ */ ${call}`),
    )
  return { code: patched, changes }
}

/**
 * react-router ships one large module whose top level sets `X.displayName = "X"` and calls
 * `React.forwardRef`/`createContext`/`memo` without a pure annotation, so the bundler keeps
 * every component it defines (Link, NavLink, Form, ScrollRestoration...) although the app uses
 * none of them. Patched, tree-shaking removes what is unused: about 5 KB gzip off every page.
 * A build whose react-router the patch no longer changes fails, rather than ship those bytes.
 */
export function treeShakeReactRouter(): Plugin {
  let seen = 0
  let changed = 0
  return {
    name: "tree-shake-react-router",
    apply: "build",
    buildStart() {
      seen = changed = 0
      const installed = installedReactRouter()
      if (installed !== patchedReactRouter)
        this.warn(
          `react-router ${installed} is installed; the tree-shaking patch was measured on ` +
            `${patchedReactRouter}: measure it again (docs/performance.md, "Build").`,
        )
    },
    transform: {
      filter: { id: reactRouterModules },
      handler(code) {
        const { code: patched, changes } = patchReactRouter(code)
        seen++
        if (changes > 0) changed++
        return changes > 0 ? patched : null
      },
    },
    buildEnd(error) {
      if (!error && seen > 0 && changed === 0)
        this.error(
          "The react-router tree-shaking patch changed none of react-router's modules: " +
            "update or remove build/tree-shake-react-router.ts.",
        )
    },
  }
}
