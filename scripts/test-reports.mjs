// Counts and failure names read from the JSON reports of vitest and Playwright.

const firstLine = (text) =>
  String(text ?? "")
    .split("\n")
    .map((line) => line.trim())
    .find(Boolean) ?? "no message"

/**
 * A vitest report: its tests, and every failing file by name, a file that failed in its set-up
 * (an import, a beforeAll) too: vitest counts no failed test for it, so it counts one here.
 */
export function vitestSummary(report, cwd = process.cwd()) {
  const names = []
  let setupFailures = 0
  for (const file of report.testResults) {
    const name = file.name.replace(cwd + "/", "")
    const failed = file.assertionResults.filter((test) => test.status === "failed")
    for (const test of failed) names.push(`${name} › ${test.fullName}`)
    if (file.status === "failed" && failed.length === 0) {
      setupFailures += 1
      names.push(`${name} › failed before its tests: ${firstLine(file.message)}`)
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + setupFailures,
    names,
  }
}

/** A Playwright report: its tests, the failing ones by title path, and errors outside tests. */
export function playwrightSummary(report) {
  const names = []
  const visit = (suiteNode, titles) => {
    for (const spec of suiteNode.specs ?? [])
      for (const test of spec.tests)
        if (test.status === "unexpected") names.push([...titles, spec.title].join(" › "))
    for (const child of suiteNode.suites ?? []) visit(child, [...titles, child.title])
  }
  for (const top of report.suites ?? []) visit(top, [top.title])
  const errors = (report.errors ?? []).map(
    (error) => `failed outside a test: ${firstLine(error.message)}`,
  )
  const { stats } = report
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + errors.length,
    names: [...names, ...errors],
  }
}
