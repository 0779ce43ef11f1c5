/// <reference types="vitest/config" />
import { createHash } from "node:crypto"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib"
import { defineConfig, type Plugin } from "vite"
import type { OutputBundle } from "rolldown"
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
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: "utf8" })
      for (const file of files) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue
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
    if (chunk.type !== "chunk" || !chunk.facadeModuleId) continue
    const id = chunk.facadeModuleId.split(path.sep).join("/")
    if (modules.some((module) => (module === "entry" ? chunk.isEntry : id.endsWith(module))))
      visit(chunk.fileName)
  }
  return [...files].map((file) => `${base}${file}`)
}

/**
 * A small script in index.html that starts, while the entry downloads, what the page will
 * ask for once the app runs: the route's chunks (modulepreload) and, for a visitor on a
 * creator's page, the profile, its counts and highlights (fetch, handed to src/api/client.ts
 * through window.__closerEarly). Without it each step waits for the one before: the entry,
 * then the route's code, then the API.
 */
function earlyStart(apiOrigin: string | undefined): Plugin {
  // The script is a file of its own: the Content-Security-Policy allows no inline script.
  let emitted: { fileName: string; source: string } | null = null
  let outDir = "dist"
  return {
    name: "early-start",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle() {
      if (emitted) writeFileSync(path.join(outDir, emitted.fileName), emitted.source)
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
      var early = (window.__closerEarly = {});
      ["/v1/profile/" + username, "/v1/u/" + username + "/highlights", "/v1/u/" + username + "/stats"].forEach(function (path) {
        early[api + path] = fetch(api + path, { credentials: "include", headers: { Accept: "application/json" } });
        early[api + path].catch(function () {});
      });
    }
  }
  files.forEach(preload);
})();`
        const hash = createHash("sha256").update(script).digest("base64url").slice(0, 8)
        emitted = { fileName: `assets/early-start-${hash}.js`, source: script }
        // A classic script that runs before the app's modules, so its answers are there first.
        return {
          html,
          tags: [{ tag: "script", attrs: { src: `${base}${emitted.fileName}` }, injectTo: "head" }],
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
    precompress(),
  ],
  resolve: { alias: { "@": src } },
  server: { proxy: { "/v1": "http://localhost:3000" } },
  build: {
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The libraries every page runs (React, the router, SWR, the class-name helpers) change
        // less often than the app: one chunk of them stays cached across deploys and is shared
        // by every page instead of riding in the entry, in one request instead of five.
        codeSplitting: {
          groups: [
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|swr|use-sync-external-store|dequal|clsx|class-variance-authority|tailwind-merge)[\\/]/,
            },
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
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
})
