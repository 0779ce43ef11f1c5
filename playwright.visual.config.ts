import { defineConfig } from "@playwright/test"
import { chromiumArgs, chromiumPath } from "./tests/chromium.ts"
import { STORYBOOK_DIR, STORYBOOK_PORT, storyContextOptions } from "./tests/visual/story-context.ts"

/** Visual regression: a screenshot of every story of the built Storybook at phone width. */
export default defineConfig({
  testDir: "tests/visual",
  testMatch: "*.visual.ts",
  outputDir: "test-results/visual",
  globalSetup: "./tests/visual/global-setup.ts",
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  fullyParallel: true,
  workers: 2,
  // One retry: on a busy 2-core machine a screenshot now and then catches a story whose page
  // lost focus (a focus ring missing, a dialog dismissed). A real change fails both tries; a
  // retried pass is reported as flaky.
  retries: 1,
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: "disabled", caret: "hide" } },
  use: {
    ...storyContextOptions,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  webServer: {
    command: `node scripts/serve-static.mjs ${STORYBOOK_DIR} ${STORYBOOK_PORT}`,
    url: `http://127.0.0.1:${STORYBOOK_PORT}/__health`,
    // Never a server it did not start: another checkout's, or an old build, would be tested instead.
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
