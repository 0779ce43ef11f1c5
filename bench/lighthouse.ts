import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { chromium } from "playwright"
import { chromiumArgs, chromiumPath } from "../tests/chromium.ts"
import type { BrowserState } from "./page-sessions.ts"
import type { BenchPage, PageKind } from "./pages.ts"

const run = promisify(execFile)

/** BENCH_LIGHTHOUSE_RUNS lowers it for a quick look; the budgets are held on 5. */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 5

export type LighthouseResult = {
  page: string
  kind: PageKind
  performance: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** The host's speed as Lighthouse measured it before each load (its BenchmarkIndex), median. */
  hostIndex: number
  runs: number
}

type Sample = { performance: number; lcpMs: number; tbtMs: number; cls: number; hostIndex: number }

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): such a run
 * is made again, up to twice, instead of losing the whole bench.
 */
async function lighthouseWithRetry<T>(attempt: () => Promise<T>, retries = 2): Promise<T> {
  try {
    return await attempt()
  } catch (error) {
    if (retries === 0) throw error
    process.stderr.write(`  Lighthouse failed, run again: ${String(error).split("\n")[0]}\n`)
    return lighthouseWithRetry(attempt, retries - 1)
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })

/**
 * A Chromium with a fresh profile that already holds `state` (the origin's local storage and
 * cookies), open for Lighthouse on a debugging port. The storage is written from a JSON answer of the
 * origin, so no page, script or stylesheet is in the cache before Lighthouse loads the page.
 */
async function withPreparedBrowser<T>(
  origin: string,
  state: BrowserState,
  task: (port: number) => Promise<T>,
): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), "bench-lighthouse-"))
  const port = await freePort()
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await context.addCookies(
      (state.cookies ?? []).map((cookie) => ({ ...cookie, domain: new URL(origin).hostname })),
    )
    await page.goto(`${origin}/v1/health`)
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value)
    }, Object.entries(state.localStorage))
    await page.goto("about:blank")
    return await task(port)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"

/** One Lighthouse mobile run; on a prepared browser when `port` is given, else on its own. */
async function lighthouseOnce(url: string, port?: number): Promise<Sample> {
  const output = `bench/.lh-${process.pid}.json`
  const browserFlags =
    port === undefined
      ? [`--chrome-flags=${CHROME_FLAGS}`]
      : [`--port=${port}`, "--hostname=127.0.0.1", "--disable-storage-reset"]
  await run(
    process.execPath,
    [
      "node_modules/lighthouse/cli/index.js",
      url,
      "--form-factor=mobile",
      "--screenEmulation.mobile",
      "--only-categories=performance",
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
      ...browserFlags,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024 },
  )
  const report = JSON.parse(readFileSync(output, "utf8")) as {
    finalDisplayedUrl?: string
    environment?: { benchmarkIndex?: number }
    categories: { performance: { score: number } }
    audits: Record<string, { numericValue: number }>
  }
  rmSync(output, { force: true })
  // A guard that sent the page elsewhere would measure another page under this one's name.
  const landed = new URL(report.finalDisplayedUrl ?? url)
  if (landed.pathname !== new URL(url).pathname)
    throw new Error(`${url} opened ${landed.pathname} instead`)
  return {
    performance: Math.round(report.categories.performance.score * 100),
    lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: report.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    hostIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  }
}

/**
 * Lighthouse mobile (simulated throttling), median of `runs`. Simulated throttling multiplies
 * the main-thread time it observes, so a busy moment of a shared 2-core machine can add
 * hundreds of milliseconds of TBT to one run: five runs keep one such moment out of the median.
 * A page that needs a session or an earlier step gets it made fresh before each run.
 */
export async function measureLighthouse(
  origin: string,
  page: BenchPage,
  runs = LIGHTHOUSE_RUNS,
): Promise<LighthouseResult> {
  const samples: Sample[] = []
  for (let i = 0; i < runs; i += 1) {
    samples.push(
      await lighthouseWithRetry(async () => {
        const prepared = await page.prepare(origin)
        const url = `${origin}${prepared.path}`
        return prepared.state
          ? withPreparedBrowser(origin, prepared.state, (port) => lighthouseOnce(url, port))
          : lighthouseOnce(url)
      }),
    )
  }
  return {
    page: page.name,
    kind: page.kind,
    performance: median(samples.map((s) => s.performance)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    cls: median(samples.map((s) => s.cls)),
    hostIndex: median(samples.map((s) => s.hostIndex)),
    runs,
  }
}
