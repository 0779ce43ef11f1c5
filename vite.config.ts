/// <reference types="vitest/config" />
import { createHash } from "node:crypto"
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib"
import { defineConfig, type Plugin } from "vite"
import type { CodeSplittingGroup, OutputBundle } from "rolldown"
import react from "@vitejs/plugin-react"
import tailwindcss from "@tailwindcss/vite"
import { playwright } from "@vitest/browser-playwright"
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin"
import { chromiumArgs, chromiumPath } from "./tests/chromium.ts"

const src = fileURLToPath(new URL("./src", import.meta.url))

/**
 * react-router ships one large module whose top level sets `X.displayName = "X"` and calls
 * `React.forwardRef`/`createContext`/`memo` without a pure annotation, so the bundler keeps
 * every component it defines (Link, NavLink, Form, ScrollRestoration...) although the app uses
 * none of them. Dropping the display names (only React DevTools reads them) and marking those
 * calls pure lets tree-shaking remove what is unused: about 5 KB gzip off every page.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: "tree-shake-react-router",
    apply: "build",
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        return code
          .replace(/^\s*[\w$]+\.displayName = "[^"]*";$/gm, "")
          .replace(/(=\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g, "$1/* @__PURE__ */ $2")
      },
    },
  }
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each built text file, which the server
 * sends to browsers that accept them: a phone on 4G downloads a third of the bytes, and no
 * request pays for compressing on the fly.
 */
function precompress(): Plugin {
  let outDir = "dist"
  return {
    name: "precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: "utf8" })
      for (const file of files) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file) || file.startsWith(".vite"))
          continue
        const full = path.join(outDir, file)
        const data = readFileSync(full)
        if (data.length < 1024) continue
        writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }))
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}

/**
 * Marks the chunks a first visit runs at once (the entry, the libraries, the app and the
 * landing, profile and checkout pages) with V8's compile hint, so Chrome compiles their
 * functions on a background thread while they download, instead of one by one on the main
 * thread the first time each runs, in the middle of hydration. Other browsers read it as a
 * comment. Lazily loaded chunks run only part of their code, so they stay lazily compiled.
 * The line is the same in every build, so the files' hashes, taken before it is added, still
 * name their content.
 */
function compileHints(firstLoadChunks: string[]): Plugin {
  const hint = "//# allFunctionsCalledOnLoad\n"
  const firstLoad = new Set(firstLoadChunks)
  return {
    name: "compile-hints",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // After minification, which drops comments, and as the first line, before the functions.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !(chunk.isEntry || firstLoad.has(chunk.name))) continue
          chunk.code = hint + chunk.code
          // One more line at the top: the source map's lines move down by one.
          const map = bundle[`${chunk.fileName}.map`]
          if (map?.type === "asset") {
            const json = JSON.parse(String(map.source)) as { mappings: string }
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` })
          }
        }
      },
    },
  }
}

/** First path segments that are app pages, not a creator's username (see src/app/router.tsx). */
const appSegments = ["tenho-interesse", "choose-password", "doc", "studio", "admin", "assets", "v1"]

/**
 * The pages a follower lands on, and the route modules each one shows: their chunks are
 * fetched with the entry instead of after it has run (see earlyStart).
 */
const landingRoutes = {
  landing: ["src/app/routes/landing-route.tsx"],
  creator: ["src/app/routes/creator-layout-route.tsx"],
  profile: ["src/app/routes/profile-route.tsx"],
  checkout: ["src/app/routes/checkout-route.tsx"],
}

/** The chunks of `modules` ("entry": the app's entry) and all they import statically, as URLs. */
function chunkUrls(bundle: OutputBundle, modules: string[], base: string): string[] {
  const files = new Set<string>()
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (!chunk || chunk.type !== "chunk" || files.has(fileName)) return
    files.add(fileName)
    chunk.imports.forEach(visit)
  }
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== "chunk") continue
    // A route module may share its chunk with other modules.
    const ids = chunk.moduleIds.map((id) => id.split(path.sep).join("/"))
    if (
      modules.some((module) =>
        module === "entry" ? chunk.isEntry : ids.some((id) => id.endsWith(module)),
      )
    )
      visit(chunk.fileName)
  }
  return [...files].map((file) => `${base}${file}`)
}

/**
 * The app's code a page needs, in as few files as the pages allow: what the entry imports (and
 * what the landing and the profile both show) in one chunk, then one chunk for the creator's
 * profile (its layout, the profile and all they import beyond that), one for the landing and
 * one for the checkout. Rolldown would
 * otherwise cut them into a file per shared module (a profile visit fetched 26 files), and
 * each file costs a request, a gzip header and its import and export lists.
 */
function pageChunks(): { plugin: Plugin; groups: CodeSplittingGroup[]; names: string[] } {
  const pages = {
    creator: [...landingRoutes.creator, ...landingRoutes.profile],
    landing: landingRoutes.landing,
    checkout: landingRoutes.checkout,
  }
  const members = new Map<string, Set<string>>()
  const plugin: Plugin = {
    name: "page-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const all = [...this.getModuleIds()]
      const closure = (roots: string[]) => {
        const found = new Set<string>()
        const stack = [...roots]
        while (stack.length > 0) {
          const id = stack.pop()!
          if (found.has(id)) continue
          found.add(id)
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
        return found
      }
      const entries = all.filter((id) => this.getModuleInfo(id)?.isEntry)
      // index.html and its script stay the entry chunk; what they import is shared with pages.
      const entryScripts = new Set(
        entries.flatMap((id) => [id, ...(this.getModuleInfo(id)?.importedIds ?? [])]),
      )
      const taken = closure(entries)
      const reach = Object.fromEntries(
        Object.entries(pages).map(([name, modules]) => [
          name,
          closure(
            all.filter((id) =>
              modules.some((module) => id.split(path.sep).join("/").endsWith(module)),
            ),
          ),
        ]),
      )
      // What both the landing and the profile show (footer, support button) goes with the
      // entry, so neither page downloads the other's chunk for it.
      reach.landing!.forEach((id) => reach.creator!.has(id) && taken.add(id))
      members.set("app", new Set([...taken].filter((id) => !entryScripts.has(id))))
      for (const name of Object.keys(pages)) {
        const own = new Set([...reach[name]!].filter((id) => !taken.has(id)))
        own.forEach((id) => taken.add(id))
        members.set(name, own)
      }
    },
  }
  // The profile's chunk first: what the landing or the checkout shares with it stays in it.
  const chunkNames = ["app", ...Object.keys(pages)]
  const groups = chunkNames.map((name, index, names) => ({
    name,
    priority: names.length - index,
    // Only the page's own modules: the entry's stay with the entry.
    includeDependenciesRecursively: false,
    test: (id: string) => !/node_modules/.test(id) && (members.get(name)?.has(id) ?? false),
  }))
  return { plugin, groups, names: chunkNames }
}

const appChunks = pageChunks()

/** The chunk of the libraries every page runs (its group is in the build's codeSplitting). */
const vendorChunk = "vendor"

/**
 * A small script in index.html that starts, while the entry downloads, what the page will
 * ask for once the app runs: the route's chunks (modulepreload) and, for a visitor on a
 * creator's page, the profile, its counts and highlights (fetch, handed to src/api/client.ts
 * through window.__closerEarly). Without it each step waits for the one before: the entry,
 * then the route's code, then the API.
 *
 * Pages the server renders (src/app/ssr) need none of it: their data comes in the HTML, and
 * their route code is asked for once that HTML is painted (src/app/main.tsx). For them the
 * plugin writes the script's address to .vite/pages.json, so the server leaves it out.
 */
function earlyStart(apiOrigin: string | undefined): Plugin {
  // The script is a file of its own: the Content-Security-Policy allows no inline script.
  let emitted: { fileName: string; url: string; source: string } | null = null
  let outDir = "dist"
  return {
    name: "early-start",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle() {
      if (!emitted) return
      writeFileSync(path.join(outDir, emitted.fileName), emitted.source)
      mkdirSync(path.join(outDir, ".vite"), { recursive: true })
      writeFileSync(
        path.join(outDir, ".vite", "pages.json"),
        `${JSON.stringify({ earlyStart: emitted.url }, null, 2)}\n`,
      )
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return html
        const base = ctx.server?.config.base ?? "/"
        // The entry's own chunks are preloaded by Vite's tags already.
        const entry = new Set(chunkUrls(ctx.bundle, ["entry"], base))
        const routes = Object.fromEntries(
          Object.entries(landingRoutes).map(([name, modules]) => [
            name,
            chunkUrls(ctx.bundle!, modules, base).filter((url) => !entry.has(url)),
          ]),
        )
        const script = `(function () {
  var routes = ${JSON.stringify(routes)}, appSegments = ${JSON.stringify(appSegments)};
  var api = ${JSON.stringify((apiOrigin ?? "").replace(/\/$/, ""))} || location.origin;
  var segments = location.pathname.split("/").filter(Boolean), files = [];
  function preload(href) {
    var link = document.createElement("link");
    link.rel = "modulepreload"; link.crossOrigin = ""; link.href = href;
    document.head.appendChild(link);
  }
  if (segments.length === 0) files = routes.landing;
  else if (appSegments.indexOf(segments[0]) < 0) {
    var page = segments[1] || "";
    files = routes.creator.concat(
      page === "" || page === "profile" ? routes.profile : page === "checkout" && segments.length === 2 ? routes.checkout : []
    );
    var token = null;
    try { token = localStorage.getItem("accessToken") || (JSON.parse(localStorage.getItem("auth") || "{}") || {}).accessToken; } catch (e) {}
    var username;
    try { username = encodeURIComponent(decodeURIComponent(segments[0]).replace(/^@+/, "")); } catch (e) {}
    if (!token && username && window.fetch) {
      var early = (window.__closerEarly = {}), credentials = api === location.origin ? "same-origin" : "include";
      ["/v1/profile/" + username, "/v1/u/" + username + "/highlights", "/v1/u/" + username + "/stats"].forEach(function (path) {
        early[api + path] = fetch(api + path, { credentials: credentials, headers: { Accept: "application/json" } });
        early[api + path].catch(function () {});
      });
    }
  }
  files.forEach(preload);
})();`
        const hash = createHash("sha256").update(script).digest("base64url").slice(0, 8)
        const fileName = `assets/early-start-${hash}.js`
        emitted = { fileName, url: `${base}${fileName}`, source: script }
        // A classic script that runs before the app's modules, so its answers are there first.
        return {
          html,
          tags: [{ tag: "script", attrs: { src: emitted.url }, injectTo: "head" }],
        }
      },
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    treeShakeReactRouter(),
    earlyStart(process.env.VITE_API_URL),
    appChunks.plugin,
    // Rolldown's runtime, the libraries' chunk and the app's and pages' chunks (pageChunks).
    compileHints(["rolldown-runtime", vendorChunk, ...appChunks.names]),
    precompress(),
  ],
  resolve: { alias: { "@": src } },
  // `vite build` builds the browser's app (dist) and the server's page renderer (dist-ssr).
  builder: {},
  environments: {
    ssr: {
      // Bundled whole, React included in its production build, whatever NODE_ENV the server has.
      resolve: { noExternal: true },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir: "dist-ssr",
        copyPublicDir: false,
        // One file: the server loads it once and has no use for chunks.
        rolldownOptions: {
          input: { "render-page": "src/app/ssr/render-page.tsx" },
          output: { codeSplitting: false },
        },
      },
    },
  },
  server: { proxy: { "/v1": "http://localhost:3000" } },
  build: {
    target: "es2022",
    sourcemap: false,
    // Browsers without modulepreload (Safari before 17) only lose the head start, not the page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every page runs (React, the router, SWR, the class-name helpers) change
        // less often than the app: one chunk of them stays cached across deploys and is shared
        // by every page instead of riding in the entry, in one request instead of five.
        codeSplitting: {
          groups: [
            {
              name: vendorChunk,
              priority: 10,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|swr|use-sync-external-store|dequal|clsx|class-variance-authority|tailwind-merge)[\\/]/,
            },
            ...appChunks.groups,
          ],
        },
      },
    },
  },
  // Pre-bundled up front so a cold Storybook test run does not reload mid-test to add them.
  optimizeDeps: {
    include: [
      "@radix-ui/react-dialog",
      "@radix-ui/react-tabs",
      "qrcode",
      "react-imask",
      "react-hook-form",
      "@hookform/resolvers/zod",
      "zod",
      "storybook/test",
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/testing/setup-unit.ts"],
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; two workers suit a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        // Long multi-process tests (npm run test:hard): replicas, faults, fuzzing at volume.
        test: {
          name: "hard",
          environment: "node",
          include: ["tests/hard/**/*.test.ts"],
          testTimeout: 600_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: ".storybook" })],
        test: {
          name: "storybook",
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
              // The a11y check runs when the play function ends; an alert or dialog still
              // fading in would have its contrast measured half-transparent, on a slow
              // machine only. Reduced motion makes every transition end at once.
              contextOptions: { reducedMotion: "reduce" },
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
})
