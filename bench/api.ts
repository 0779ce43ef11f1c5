import { fork, spawn, type ChildProcess } from "node:child_process"
import { rmSync } from "node:fs"
import { once } from "node:events"
import autocannon from "autocannon"
import path from "node:path"
import { sql } from "drizzle-orm"
import { MAX_PAGE_SIZE, MEDIAS_PAGE_SIZE } from "../src/domain/cursor.ts"
import { openDatabase, type Database } from "../server/src/db/client.ts"
import { createScratchDatabase } from "../server/test/scratch-database.ts"
import { createTokenService } from "../server/src/plugins/tokens.ts"
import { bigCreator, bigCreatorReaders, type Reader } from "./big-creator.ts"
import { place, placements, type Placement } from "./placement.ts"

export type ApiCase = {
  name: string
  /** Load generator and server on cores of their own, or sharing both. */
  placement: Placement
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  /** The bare baseline's mean over the slices run beside this case's. */
  baselineRps: number
  /** Median over the slices of the case's requests/s divided by the baseline's beside it. */
  ratioToBaseline: number
}

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50

/** The servers' token secret: the bench signs its many readers' tokens with it. */
const benchJwtSecret = "bench-jwt-secret-".padEnd(48, "x")

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no answer from ${url}`)
}

/**
 * The real server (built app + /v1) on a fresh database: PGlite, or a database of its own
 * created on the PostgreSQL server `databaseUrl` points at and dropped afterwards, so that no
 * run reads the rows an earlier one left (its Pix checkouts add buyers and payments).
 */
export async function startServer(
  port: number,
  databaseUrl?: string,
  prepare?: (db: Database) => Promise<void>,
) {
  const dataDir = `bench/.data-${port}`
  rmSync(dataDir, { recursive: true, force: true })
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, "closer_bench") : null
  const launch = async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/server.ts"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url ?? "",
        PAYMENTS_MODE: "sandbox",
        // Buyers arrive from many addresses; the bench says which one through the proxy header.
        TRUST_PROXY: "1",
        LOG_LEVEL: "warn",
        JOBS: "off",
        // PostgreSQL refuses to start without the secrets every replica must share.
        JWT_SECRET: benchJwtSecret,
        MEDIA_SIGNING_SECRET: "bench-media-secret-".padEnd(48, "x"),
        // Stopped between rounds: no load balancer to drain.
        SHUTDOWN_DRAIN_MS: "0",
      },
    })
    try {
      await waitForHealth(`http://127.0.0.1:${port}/v1/health`, child)
      return child
    } catch (error) {
      await stop(child)
      await scratch?.drop()
      throw error
    }
  }
  let child = await launch()
  if (prepare) {
    // The server has migrated and seeded the demo. PGlite has one process: the server steps
    // aside while the bench writes its own rows, then starts again on them.
    if (!scratch) await stop(child)
    const database = await openDatabase({
      databaseUrl: scratch?.url,
      dataDir: path.join(dataDir, "pglite"),
    })
    try {
      await prepare(database.db)
      // Written to the data files now, so the server's next start has no log to replay.
      if (!scratch) await database.db.execute(sql`checkpoint`)
    } finally {
      await database.close()
    }
    if (!scratch) child = await launch()
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    get pid() {
      return child.pid!
    },
    async stop() {
      await stop(child)
      rmSync(dataDir, { recursive: true, force: true })
      await scratch?.drop()
    },
  }
}

async function stop(child: ChildProcess) {
  // A server killed by a signal has no exit code, only a signal: its exit has already come.
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill("SIGTERM")
  await once(child, "exit")
}

/** Bare node:http hello world in its own process: the ceiling of this machine. */
export async function startBaseline(port: number) {
  const child = fork(new URL("./baseline-server.ts", import.meta.url), [String(port)], {
    execArgv: ["--import", "tsx"],
    stdio: "ignore",
  })
  await waitForHealth(`http://127.0.0.1:${port}/`, child)
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM")
      await once(child, "exit")
    },
  }
}

type Target = {
  url: string
  method?: "GET" | "POST"
  headers?: Record<string, string>
  /** Called per request so every request can be a different buyer. */
  body?: () => string
  /** Each request takes the next of these headers in turn: many readers, not one. */
  rotatingHeaders?: Array<Record<string, string>>
}

function autocannonOptions(
  target: Target,
  duration: number,
  connections = CONNECTIONS,
): autocannon.Options {
  const options: autocannon.Options = {
    url: target.url,
    connections,
    duration,
    method: target.method ?? "GET",
    headers: target.headers,
  }
  if (target.rotatingHeaders) {
    const rotating = target.rotatingHeaders
    let next = 0
    options.requests = [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...rotating[next++ % rotating.length] },
        }),
      },
    ]
  }
  if (target.body) {
    const makeBody = target.body
    options.requests = [
      {
        method: target.method ?? "POST",
        setupRequest: (request) => ({
          ...request,
          body: makeBody(),
          headers: {
            ...request.headers,
            "x-forwarded-for": `10.${rand()}.${rand()}.${rand()}`,
          },
        }),
      },
    ]
  }
  return options
}

/** A case is measured in this many slices, each right beside a slice of the baseline. */
const SLICES = 5

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/**
 * Measures `target` against the bare `baseline` in alternating slices (baseline then case, then
 * case then baseline, …) and takes the median of the slices' ratios: this machine's speed
 * drifts within seconds, and each slice's ratio compares two runs made at the same moment.
 */
export async function measureAgainst(
  target: Target,
  baseline: Target,
  duration = DURATION_SECONDS,
  connections = CONNECTIONS,
): Promise<Omit<ApiCase, "name" | "placement">> {
  const slice = Math.max(1, duration / SLICES)
  // Requests over the time the run really took: the per-second samples of a short run are few.
  const rps = (result: autocannon.Result) => result.requests.total / result.duration
  // Warm-up: JIT, connection pools and caches settle before the measured runs.
  await autocannon(autocannonOptions(baseline, Math.min(2, duration), connections))
  await autocannon(autocannonOptions(target, Math.min(2, duration), connections))
  const slices: Array<{ base: autocannon.Result; run: autocannon.Result }> = []
  for (let i = 0; i < SLICES; i += 1) {
    const runBaseline = () => autocannon(autocannonOptions(baseline, slice, connections))
    const runTarget = () => autocannon(autocannonOptions(target, slice, connections))
    if (i % 2 === 0) {
      const base = await runBaseline()
      slices.push({ base, run: await runTarget() })
    } else {
      const run = await runTarget()
      slices.push({ base: await runBaseline(), run })
    }
  }
  const runs = slices.map((s) => s.run)
  return {
    requestsPerSecond: sum(runs.map(rps)) / SLICES,
    // Each slice's own percentiles: the typical median, and the worst p99 of any slice.
    p50Ms: median(runs.map((r) => r.latency.p50)),
    p99Ms: Math.max(...runs.map((r) => r.latency.p99)),
    non2xx: sum(runs.map((r) => r.non2xx)),
    errors: sum(runs.map((r) => r.errors + r.timeouts)),
    baselineRps: sum(slices.map((s) => rps(s.base))) / SLICES,
    ratioToBaseline: median(slices.map((s) => rps(s.run) / rps(s.base))),
  }
}

export const manyReadersCase = `GET /v1/u/grande/medias (${bigCreatorReaders} subscribers in turn)`

export const newBuyerCheckout = "POST /v1/demo/iugu/subscription/pix (new buyer)"

/** The subscriber's reads the bench measures and holds to their budgets: name, then path. */
export const subscriberReads: Array<[string, string]> = [
  ["/v1/u/demo/medias", `/v1/u/demo/medias?limit=${MEDIAS_PAGE_SIZE}`],
  ["/v1/u/demo/stories", `/v1/u/demo/stories?limit=${MAX_PAGE_SIZE}`],
  ["/v1/u/demo/highlights", "/v1/u/demo/highlights"],
  ["/v1/demo/subscription", "/v1/demo/subscription"],
]

const rand = () => Math.floor(Math.random() * 250) + 1

/** Signs in through the API as the browser does: the anti-forgery cookie of a first answer, then the login. */
export async function signIn(origin: string, email: string, password: string) {
  const health = await fetch(`${origin}/v1/health`)
  const cookie = (health.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("XSRF-TOKEN="))
  if (!cookie) throw new Error("no anti-forgery cookie from /v1/health")
  const xsrf = decodeURIComponent(cookie.slice("XSRF-TOKEN=".length))
  const response = await fetch(`${origin}/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "x-xsrf-token": xsrf },
    body: JSON.stringify({ usernameOrEmail: email, password }),
  })
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`)
  const { accessToken } = (await response.json()) as { accessToken: string }
  return { accessToken, cookie, xsrf }
}

/**
 * Every case of the API table, each measured against the bare baseline at `baselineOrigin`,
 * once pinned (where the machine allows) and once sharing the cores; `serverPids` are the
 * processes of the server and the baseline.
 */
export async function runApiCases(
  origin: string,
  baselineOrigin: string,
  serverPids: number[],
  readers: Reader[],
): Promise<ApiCase[]> {
  const subscriber = await signIn(origin, "assinante@demo.com.br", "demo1234")
  // A browser holds the anti-forgery cookie after its first answer: measure a returning
  // visitor, who is not given a new one on every read.
  const returning = { cookie: subscriber.cookie }
  const asSubscriber = { ...returning, authorization: `Bearer ${subscriber.accessToken}` }
  // Signed as the server signs them: the bench gave it its secret.
  const tokens = createTokenService(benchJwtSecret, () => new Date(), 3600)
  const asReaders = await Promise.all(
    readers.map(async ({ id, tokenVersion }) => ({
      ...returning,
      authorization: `Bearer ${await tokens.sign({ accountId: id, role: "follower", version: tokenVersion })}`,
    })),
  )
  const cases: Array<[string, Target]> = [
    ["GET /v1/health", { url: `${origin}/v1/health`, headers: returning }],
    ["GET /v1/profile/demo", { url: `${origin}/v1/profile/demo`, headers: returning }],
    ["GET /v1/u/demo/stats", { url: `${origin}/v1/u/demo/stats`, headers: returning }],
    // The subscriber's reads, as the app asks for them: the photo grid's first page, every
    // story a page at a time, the highlights with their stories, and her subscription.
    ...subscriberReads.map(([name, path]): [string, Target] => [
      `GET ${name} (subscriber)`,
      { url: `${origin}${path}`, headers: asSubscriber },
    ]),
    // Nothing a reader's own answer keeps helps here: each request is another subscriber.
    [
      manyReadersCase,
      {
        url: `${origin}/v1/u/${bigCreator.username}/medias?limit=${MEDIAS_PAGE_SIZE}`,
        rotatingHeaders: asReaders,
      },
    ],
    [
      newBuyerCheckout,
      {
        url: `${origin}/v1/demo/iugu/subscription/pix`,
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: subscriber.cookie,
          "x-xsrf-token": subscriber.xsrf,
        },
        body: () =>
          JSON.stringify({
            email: `comprador.${Date.now()}.${Math.random().toString(36).slice(2)}@exemplo.com.br`,
            planName: "MONTHLY",
            typeAuth: "new_user",
            token: "bench",
          }),
      },
    ],
  ]
  const results: ApiCase[] = []
  for (const [name, target] of cases)
    for (const placement of placements()) {
      place(placement, serverPids)
      const measured = await measureAgainst(target, { url: `${baselineOrigin}/` })
      results.push({ name, placement, ...measured })
      process.stderr.write(
        `  ${name} (${placement}): ${measured.requestsPerSecond.toFixed(0)} req/s, ${(measured.ratioToBaseline * 100).toFixed(0)}% of the baseline beside it\n`,
      )
    }
  place("shared", serverPids)
  return results
}
