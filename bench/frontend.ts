import { execFile } from "node:child_process"
import { readFileSync, rmSync } from "node:fs"
import { promisify } from "node:util"
import { gzipSync } from "node:zlib"
import { chromium } from "playwright"
import { chromiumArgs, chromiumPath } from "../tests/chromium.ts"

const run = promisify(execFile)

export type PageBytes = {
  page: string
  jsRaw: number
  jsGzip: number
  cssRaw: number
  cssGzip: number
  jsFiles: string[]
}

/** JS and CSS a phone downloads to show a page: every script and stylesheet until the network is idle. */
export async function measureBytes(origin: string, paths: string[]): Promise<PageBytes[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  const results: PageBytes[] = []
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 412, height: 915 } })
      const page = await context.newPage()
      const totals = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 }
      const jsFiles: string[] = []
      const pending: Promise<void>[] = []
      page.on("response", (response) => {
        const type = response.request().resourceType()
        if (type !== "script" && type !== "stylesheet") return
        pending.push(
          response.body().then((body) => {
            const gzip = gzipSync(body, { level: 9 }).length
            if (type === "script") {
              totals.jsRaw += body.length
              totals.jsGzip += gzip
              jsFiles.push(new URL(response.url()).pathname)
            } else {
              totals.cssRaw += body.length
              totals.cssGzip += gzip
            }
          }),
        )
      })
      await page.goto(`${origin}${path}`, { waitUntil: "networkidle" })
      await Promise.all(pending)
      results.push({ page: path, ...totals, jsFiles })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}

export const LIGHTHOUSE_RUNS = 5

export type LighthouseResult = {
  page: string
  performance: number
  lcpMs: number
  tbtMs: number
  cls: number
  runs: number
}

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

/**
 * Lighthouse mobile (simulated throttling), median of `runs`. Simulated throttling multiplies
 * the main-thread time it observes, so a busy moment of a shared 2-core machine can add
 * hundreds of milliseconds of TBT to one run: five runs keep one such moment out of the median.
 */
export async function measureLighthouse(
  origin: string,
  path: string,
  runs = LIGHTHOUSE_RUNS,
): Promise<LighthouseResult> {
  const samples: Array<{ performance: number; lcpMs: number; tbtMs: number; cls: number }> = []
  for (let i = 0; i < runs; i += 1) {
    const output = `bench/.lh-${process.pid}.json`
    await lighthouseWithRetry(() =>
      run(
        process.execPath,
        [
          "node_modules/lighthouse/cli/index.js",
          `${origin}${path}`,
          "--form-factor=mobile",
          "--screenEmulation.mobile",
          "--only-categories=performance",
          "--output=json",
          `--output-path=${output}`,
          "--quiet",
          `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync`,
        ],
        { env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 64 * 1024 * 1024 },
      ),
    )
    const report = JSON.parse(readFileSync(output, "utf8")) as {
      categories: { performance: { score: number } }
      audits: Record<string, { numericValue: number }>
    }
    rmSync(output, { force: true })
    samples.push({
      performance: Math.round(report.categories.performance.score * 100),
      lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      tbtMs: report.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      cls: report.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    })
  }
  return {
    page: path,
    performance: median(samples.map((s) => s.performance)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    cls: median(samples.map((s) => s.cls)),
    runs,
  }
}
