import { measureAgainst, signIn } from "./api.ts"
import { bigCreator } from "./big-creator.ts"

export type ScaleCase = {
  name: string
  demoRps: number
  bigRps: number
  bigP99Ms: number
  /** Median over alternating slices of @grande's requests/s divided by @demo's beside it. */
  ratio: number
  /** One request at a time, alternating: the median time of each answer. */
  demoMedianMs: number
  bigMedianMs: number
  /** @demo's median time over @grande's: what one read costs, without any queue. */
  costRatio: number
}

const SEQUENTIAL_REQUESTS = 300

/** Median time of one request at a time, the two alternating, after a warm-up of 30 each. */
async function oneAtATime(
  demo: { url: string; headers: Record<string, string> },
  big: { url: string; headers: Record<string, string> },
) {
  const times = { demo: [] as number[], big: [] as number[] }
  for (let i = 0; i < SEQUENTIAL_REQUESTS + 30; i++)
    for (const [side, target] of [
      ["demo", demo],
      ["big", big],
    ] as const) {
      const start = performance.now()
      await (await fetch(target.url, { headers: target.headers })).arrayBuffer()
      if (i >= 30) times[side].push(performance.now() - start)
    }
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!
  return { demoMedianMs: median(times.demo), bigMedianMs: median(times.big) }
}

/** Within this much of @demo's cost, a read does not grow with the creator's content. */
export const SCALE_RATIO_MIN = 0.8
/**
 * Fewer connections than the API table's 50: on PGlite a subscriber's read waits behind 49
 * others on its one connection (p99 near 2 s), and that queue, not the read, set the ratio.
 */
const SCALE_CONNECTIONS = 10

/**
 * The reads that must not grow with a creator's content, on @grande (5,000 photos, 300
 * stories, 50,000 subscribers) against the same read on @demo (12 photos), each pair measured
 * in alternating slices as the API cases are against the bare baseline. Run before the API
 * cases, whose Pix checkouts add buyers to @demo.
 */
export async function runScaleCases(origin: string): Promise<ScaleCase[]> {
  const subscriber = await signIn(origin, "assinante@demo.com.br", "demo1234")
  const demo = await signIn(origin, "criadora@demo.com.br", "demo1234")
  const big = await signIn(origin, bigCreator.email, "demo1234")
  const as = (session: { accessToken: string; cookie: string }) => ({
    cookie: session.cookie,
    authorization: `Bearer ${session.accessToken}`,
  })
  const get = async (url: string, headers: Record<string, string>) => {
    const response = await fetch(url, { headers })
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
    return (await response.json()) as { items: unknown[] }
  }
  // The studio's page at @demo's size on both sides: the same answer, a different table size.
  const demoSubscribers = (await get(`${origin}/v1/studio/subscribers?limit=100`, as(demo))).items
  const studioLimit = demoSubscribers.length
  const pairs: Array<[string, (username: string) => string, (username: string) => object]> = [
    [
      "GET /v1/u/:username/medias?limit=12 (subscriber)",
      (u) => `/v1/u/${u}/medias?limit=12`,
      () => as(subscriber),
    ],
    ["GET /v1/profile/:username", (u) => `/v1/profile/${u}`, () => ({ cookie: subscriber.cookie })],
    [
      `GET /v1/studio/subscribers?limit=${studioLimit} (creator)`,
      () => `/v1/studio/subscribers?limit=${studioLimit}`,
      (u) => as(u === "demo" ? demo : big),
    ],
  ]
  const results: ScaleCase[] = []
  for (const [name, path, headers] of pairs) {
    const target = (username: string) => ({
      url: `${origin}${path(username)}`,
      headers: headers(username) as Record<string, string>,
    })
    // Both answer, and with the same number of items, before they are compared.
    const [small, large] = await Promise.all([
      fetch(target("demo").url, { headers: target("demo").headers }),
      fetch(target(bigCreator.username).url, { headers: target(bigCreator.username).headers }),
    ])
    if (!small.ok || !large.ok) throw new Error(`${name}: ${small.status} / ${large.status}`)
    const measured = await measureAgainst(
      target(bigCreator.username),
      target("demo"),
      undefined,
      SCALE_CONNECTIONS,
    )
    const sequential = await oneAtATime(target("demo"), target(bigCreator.username))
    const costRatio = sequential.demoMedianMs / sequential.bigMedianMs
    results.push({
      name,
      demoRps: measured.baselineRps,
      bigRps: measured.requestsPerSecond,
      bigP99Ms: measured.p99Ms,
      ratio: measured.ratioToBaseline,
      ...sequential,
      costRatio,
    })
    process.stderr.write(
      `  ${name}: @grande at ${(measured.ratioToBaseline * 100).toFixed(0)}% of @demo's req/s, ${(costRatio * 100).toFixed(0)}% of its speed one at a time\n`,
    )
  }
  return results
}
