import { createHash } from "node:crypto"
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build, type Plugin } from "vite"
import type { OutputBundle } from "rolldown"
import type { EarlyStartPlan, LandingChunks } from "../src/app/early-start/start-early.ts"
import { isOneOf, landingPages } from "./landing-pages.ts"

const scriptEntry = fileURLToPath(
  new URL("../src/app/early-start/early-start-script.ts", import.meta.url),
)

/** What the server reads from `.vite/pages.json` (server/src/modules/pages/pages.ts). */
export type BuildPages = {
  earlyStart: string
  /** Each route page's module (from the root) and the chunks it runs beyond the entry's. */
  routeChunks: Record<string, string[]>
}

/** A route page of src/app/routing/route-pages.ts. */
const isRoutePage = (file: string) => /^src\/app\/.+-route\.tsx$/.test(file)

/** Every route page in the bundle and its chunks beyond the entry's, as URLs. */
export function routePageChunks(
  bundle: OutputBundle,
  root: string,
  base: string,
): Record<string, string[]> {
  const entry = new Set(chunkUrls(bundle, "entry", base))
  const pages = new Set<string>()
  for (const chunk of Object.values(bundle))
    if (chunk.type === "chunk")
      for (const id of chunk.moduleIds) {
        const file = path.relative(root, id).split(path.sep).join("/")
        if (isRoutePage(file)) pages.add(file)
      }
  return Object.fromEntries(
    [...pages]
      .sort()
      .map((file) => [file, chunkUrls(bundle, [file], base).filter((url) => !entry.has(url))]),
  )
}

/** The chunks of `files` (or the entry's) and all they import statically, as URLs. */
export function chunkUrls(bundle: OutputBundle, files: string[] | "entry", base: string) {
  const found = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (!chunk || chunk.type !== "chunk" || found.has(fileName)) return
    found.add(fileName)
    chunk.imports.forEach(visit)
  }
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== "chunk") continue
    // A route module may share its chunk with other modules.
    if (files === "entry" ? chunk.isEntry : chunk.moduleIds.some((id) => isOneOf(id, files)))
      visit(chunk.fileName)
  }
  return [...found].map((file) => `${base}${file}`)
}

/** src/app/early-start as one minified classic script, with this build's plan written in. */
export async function bundleEarlyStart(plan: EarlyStartPlan, target: string | string[] | false) {
  const output = await build({
    configFile: false,
    logLevel: "warn",
    define: { EARLY_START_PLAN: JSON.stringify(plan) },
    build: {
      write: false,
      target,
      copyPublicDir: false,
      rolldownOptions: { input: scriptEntry, output: { format: "iife" } },
    },
  })
  const [result] = Array.isArray(output) ? output : [output]
  const chunk = result && "output" in result ? result.output[0] : undefined
  if (!chunk) throw new Error("The early-start script was not built")
  return chunk.code
}

/**
 * Adds index.html's early-start script (src/app/early-start): it preloads the landing page's
 * chunks and asks for a visitor's profile while the entry downloads. It is a file of its own,
 * as the Content-Security-Policy allows no inline script, and a classic script, so it runs
 * before the app's modules. Pages the server renders (src/app/ssr) need none of it: the plugin
 * writes the script's address to .vite/pages.json, so the server leaves it out of them.
 */
export function earlyStart(apiOrigin: string | undefined): Plugin {
  let emitted: { fileName: string; url: string; source: string } | null = null
  let routeChunks: BuildPages["routeChunks"] = {}
  let root = process.cwd()
  let outDir = "dist"
  let base = "/"
  let target: string | string[] | false = false
  return {
    name: "early-start",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
      base = config.base
      target = config.build.target
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, { bundle }) {
        if (!bundle) return html
        // The entry's own chunks are preloaded by Vite's tags already.
        const entry = new Set(chunkUrls(bundle, "entry", base))
        const chunks = Object.fromEntries(
          Object.entries(landingPages).map(([page, files]) => [
            page,
            chunkUrls(bundle, files, base).filter((url) => !entry.has(url)),
          ]),
        ) as LandingChunks
        const plan = { chunks, apiOrigin: (apiOrigin ?? "").replace(/\/$/, "") }
        const source = await bundleEarlyStart(plan, target)
        const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8)
        const fileName = `assets/early-start-${hash}.js`
        emitted = { fileName, url: `${base}${fileName}`, source }
        routeChunks = routePageChunks(bundle, root, base)
        return { html, tags: [{ tag: "script", attrs: { src: emitted.url }, injectTo: "head" }] }
      },
    },
    writeBundle() {
      if (!emitted) return
      writeFileSync(path.join(outDir, emitted.fileName), emitted.source)
      const pages: BuildPages = { earlyStart: emitted.url, routeChunks }
      mkdirSync(path.join(outDir, ".vite"), { recursive: true })
      writeFileSync(path.join(outDir, ".vite", "pages.json"), `${JSON.stringify(pages, null, 2)}\n`)
    },
  }
}
