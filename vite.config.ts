/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"
import react from "@vitejs/plugin-react"
import tailwindcss from "@tailwindcss/vite"
import { playwright } from "@vitest/browser-playwright"
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin"
import { chromiumArgs, chromiumPath } from "./tests/chromium.ts"

const src = fileURLToPath(new URL("./src", import.meta.url))

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": src } },
  server: { proxy: { "/v1": "http://localhost:3000" } },
  build: {
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app: their own chunk stays cached
        // across deploys and is shared by every page instead of riding in the entry.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
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
