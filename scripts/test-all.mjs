// The one test command: typecheck, lint, unit, server, every story, build, visual and e2e.
// Each step runs even when an earlier one failed, and the closing line sums every suite.
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync } from "node:fs"
import { missingPrerequisites, prerequisitesMessage, thisMachine } from "./prerequisites.mjs"
import { playwrightSummary, vitestSummary } from "./test-reports.mjs"

// Node as package.json's engines says: on an older one the tools fail in ways that name no cause.
const [major, minor] = process.versions.node.split(".").map(Number)
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `npm test needs Node 22.19 or newer; this is ${process.version}. Node 24, as the README says:\n` +
      "  sudo npm install -g --prefix /usr/local node@24 && hash -r",
  )
  process.exit(1)
}

// Before anything runs: what this machine lacks, and the one command that installs it.
const missing = missingPrerequisites(thisMachine())
if (missing.length > 0) {
  console.error(prerequisitesMessage(missing))
  process.exit(1)
}

const reports = ".test-reports"
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const totals = { passed: 0, failed: 0 }
const lines = []
/** Names of failed tests, printed again at the end so a long log's tail says what broke. */
const failures = []

function run(name, command, args, env = {}) {
  const started = Date.now()
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`)
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  return { ok: result.status === 0, seconds }
}

/** A step that is one check (typecheck, lint, build): it passes or fails as a whole. */
function check(name, command, args) {
  const { ok, seconds } = run(name, command, args)
  totals[ok ? "passed" : "failed"] += 1
  lines.push(`${ok ? "ok  " : "FAIL"} ${name} (${seconds}s)`)
  return ok
}

/** A step that runs a suite and reports how many tests passed and failed. */
function suite(name, command, args, countsFrom, env = {}) {
  const { ok, seconds } = run(name, command, args, env)
  let counts = { passed: 0, failed: 0 }
  try {
    counts = countsFrom()
  } catch {
    // No report means the runner itself failed before running tests.
  }
  if (!ok && counts.failed === 0) {
    // The runner failed without a report that says why: name the step itself.
    counts.failed = 1
    counts.names = [
      ...(counts.names ?? []),
      "the runner failed without a failing test; see its log",
    ]
  }
  for (const failed of counts.names ?? []) failures.push(`${name}: ${failed}`)
  totals.passed += counts.passed
  totals.failed += counts.failed
  lines.push(
    `${ok ? "ok  " : "FAIL"} ${name}: ${counts.passed} passed, ${counts.failed} failed (${seconds}s)`,
  )
}

const vitestCounts = (file) => () => vitestSummary(JSON.parse(readFileSync(file, "utf8")))
const playwrightCounts = (file) => () => playwrightSummary(JSON.parse(readFileSync(file, "utf8")))
const vitest = (project, name = `vitest ${project}`) => {
  const file = `${reports}/vitest-${project}.json`
  suite(
    name,
    "npx",
    [
      "vitest",
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${file}`,
    ],
    vitestCounts(file),
  )
}

check("typecheck", "npx", ["tsc", "-b"])
check("lint", "npm", ["run", "--silent", "lint"])
vitest("unit")
// On PGlite, or on the PostgreSQL that DATABASE_URL names (as CI runs it).
vitest("server", `vitest server on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`)
vitest("storybook")
const built = check("build app", "npx", ["vite", "build"])
const storybookBuilt = check("build storybook", "npx", [
  "storybook",
  "build",
  "--quiet",
  "-o",
  "storybook-static",
])
if (storybookBuilt) {
  const file = `${reports}/visual.json`
  suite(
    "visual (stories)",
    "npx",
    ["playwright", "test", "-c", "playwright.visual.config.ts"],
    playwrightCounts(file),
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  )
}
if (built) {
  const file = `${reports}/e2e.json`
  suite("e2e", "npx", ["playwright", "test"], playwrightCounts(file), {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  })
}

console.log("\n" + lines.join("\n"))
if (failures.length > 0) console.log("failed tests:\n" + failures.map((f) => `  ${f}`).join("\n"))
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed === 0 ? 0 : 1)
