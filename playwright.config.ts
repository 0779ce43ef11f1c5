import { defineConfig, devices } from "@playwright/test"
import { chromiumArgs, chromiumPath } from "./tests/chromium.ts"

// Another port lets two checkouts of the project run their journeys side by side.
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)

/** End-to-end journeys through the real server and the built app. */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.e2e.ts",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : "list",
  use: {
    ...devices["Pixel 7"],
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
  },
  webServer: {
    // The real server with the built app, on a fresh embedded database each run.
    command: `node scripts/e2e-server.mjs ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/v1/health`,
    // Never a server it did not start: another checkout's, or an old build, would be tested instead.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
})
