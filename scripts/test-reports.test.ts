// @vitest-environment node
import { describe, expect, it } from "vitest"
import { playwrightSummary, vitestSummary } from "./test-reports.mjs"

const cwd = "/repo"
const test = (fullName: string, status: string) => ({ fullName, status })

describe("npm test's closing summary", () => {
  it("names a vitest file that failed in its set-up, which vitest counts as 0 failed tests", () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        {
          name: "/repo/server/a.test.ts",
          status: "failed",
          message: "",
          assertionResults: [test("a works", "passed"), test("a breaks", "failed")],
        },
        {
          name: "/repo/server/studio-real-ffmpeg.test.ts",
          status: "failed",
          message: "\nError: spawn ffprobe ENOENT\n    at beforeAll",
          assertionResults: [test("renders", "skipped")],
        },
        { name: "/repo/server/c.test.ts", status: "passed", assertionResults: [] },
      ],
    }
    expect(vitestSummary(report, cwd)).toEqual({
      passed: 3,
      failed: 2,
      names: [
        "server/a.test.ts › a breaks",
        "server/studio-real-ffmpeg.test.ts › failed before its tests: Error: spawn ffprobe ENOENT",
      ],
    })
  })

  it("names Playwright's failed tests and its errors outside any test (a web server that never came up)", () => {
    const report = {
      stats: { expected: 2, flaky: 1, unexpected: 1 },
      errors: [{ message: "Error: http://127.0.0.1:3100/v1/health is already used\nmore" }],
      suites: [
        {
          title: "checkout.e2e.ts",
          specs: [{ title: "pays by Pix", tests: [{ status: "unexpected" }] }],
          suites: [],
        },
      ],
    }
    expect(playwrightSummary(report)).toEqual({
      passed: 3,
      failed: 2,
      names: [
        "checkout.e2e.ts › pays by Pix",
        "failed outside a test: Error: http://127.0.0.1:3100/v1/health is already used",
      ],
    })
  })
})
