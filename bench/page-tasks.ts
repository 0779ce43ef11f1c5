/**
 * Where a page's main thread goes while it loads on a phone. Opens each page of BENCH_PAGES
 * (named as the bench's tables name them) once in Chromium, at Lighthouse's 4x CPU slowdown and
 * with the session the bench makes, on the built app served by the real server. Prints every
 * task over 50 ms, with the functions that took its time. Build with
 * `npx vite build --minify false` first to read React's functions and ours by name.
 *
 *   BENCH_PAGES="/demo (subscriber),/studio/assinantes (creator)" node --import tsx bench/page-tasks.ts
 */
import { chromium, type CDPSession } from "playwright"
import { chromiumArgs, chromiumPath } from "../tests/chromium.ts"
import { startServer } from "./api.ts"
import { storageOf } from "./frontend.ts"
import { pagesToMeasure } from "./pages.ts"
import { summarizeProfile, type CpuProfile } from "./profile-summary.ts"

/** A task is long, for Lighthouse's total blocking time, past 50 ms. */
const LONG_TASK_US = 50_000
/** After the network is idle, what the page still runs once it has drawn. */
const SETTLE_MS = 2_500

type TraceEvent = { name: string; ts: number; dur?: number; tid: number }
type TimedProfile = CpuProfile & { startTime: number }

async function traceLoad(cdp: CDPSession, load: () => Promise<void>) {
  const events: TraceEvent[] = []
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  await cdp.send("Profiler.enable")
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 })
  await cdp.send("Profiler.start")
  await cdp.send("Tracing.start", {
    categories: "disabled-by-default-devtools.timeline",
    transferMode: "ReportEvents",
  })
  await load()
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: TimedProfile }
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve))
  await cdp.send("Tracing.end")
  await complete
  return { events, profile }
}

/** The profile's samples inside one task, as a profile of their own, its scripts named by path. */
function within(profile: TimedProfile, origin: string, from: number, to: number): CpuProfile {
  const samples: number[] = []
  const timeDeltas: number[] = []
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0
    at += delta
    if (at < from || at > to) return
    samples.push(id)
    timeDeltas.push(delta)
  })
  const nodes = profile.nodes.map((node) => ({
    ...node,
    callFrame: { ...node.callFrame, url: node.callFrame.url.replace(origin, "") },
  }))
  return { nodes, samples, timeDeltas }
}

const server = await startServer(Number(process.env.BENCH_PORT) || 3299)
try {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  try {
    for (const page of pagesToMeasure()) {
      const prepared = await page.prepare(server.origin)
      const context = await browser.newContext({
        ...storageOf(server.origin, prepared.state),
        viewport: { width: 412, height: 823 },
      })
      const tab = await context.newPage()
      const cdp = await context.newCDPSession(tab)
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 })
      const { events, profile } = await traceLoad(cdp, async () => {
        await tab.goto(server.origin + prepared.path, { waitUntil: "networkidle" })
        await tab.waitForTimeout(SETTLE_MS)
      })
      await context.close()
      const tasks = events.filter((e) => e.name === "RunTask" && (e.dur ?? 0) > LONG_TASK_US)
      // The renderer's main thread is the one whose long tasks took longest.
      const busiest = new Map<number, number>()
      for (const task of tasks) busiest.set(task.tid, (busiest.get(task.tid) ?? 0) + task.dur!)
      const main = [...busiest].sort((a, b) => b[1] - a[1])[0]?.[0]
      const start = events.reduce((first, e) => (e.ts > 0 && e.ts < first ? e.ts : first), Infinity)
      process.stdout.write(`\n${page.name}\n`)
      for (const task of tasks.filter((t) => t.tid === main)) {
        const ms = (us: number) => Math.round(us / 1000)
        process.stdout.write(`  task at ${ms(task.ts - start)} ms, ${ms(task.dur!)} ms\n`)
        const summary = summarizeProfile(
          within(profile, server.origin, task.ts, task.ts + task.dur!),
          8,
        )
        process.stdout.write(`${summary.replace(/^/gm, "    ")}\n`)
      }
    }
  } finally {
    await browser.close()
  }
} finally {
  await server.stop()
}
