import { defineConfig, mergeConfig } from "vitest/config"
import { playwright } from "@vitest/browser-playwright"
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin"
import { chromiumArgs, chromiumPath } from "./tests/chromium.ts"
import viteConfig from "./vite.config.ts"

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            environment: "jsdom",
            include: [
              "src/**/*.test.{ts,tsx}",
              "build/**/*.test.ts",
              "scripts/**/*.test.ts",
              "bench/**/*.test.ts",
            ],
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
            // Files share their worker's loaded modules: loading the app anew for each of 100
            // files cost about half the suite's CPU. Each file still opens its own database.
            isolate: false,
          },
        },
        {
          // Long multi-process tests (npm run test:hard): replicas, faults, fuzzing at volume.
          test: {
            name: "hard",
            environment: "node",
            include: ["tests/hard/**/*.test.ts"],
            globalSetup: ["tests/hard/compiled-server.ts"],
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
  }),
)
