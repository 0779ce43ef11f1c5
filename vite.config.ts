/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib"
import { defineConfig, type Plugin } from "vite"
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

export default defineConfig({
  plugins: [react(), tailwindcss(), treeShakeReactRouter(), precompress()],
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
