import { randomUUID } from "node:crypto"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CheckoutResponseSchema } from "../../src/domain/models.ts"
import { createDatabase } from "./replica-cluster.ts"
import { startServer, type ServerProcess } from "./server-process.ts"

const BUYERS = Number(process.env.LOAD_BUYERS ?? 200)
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const creator = "demo"

let database: Awaited<ReturnType<typeof createDatabase>>
let server: ServerProcess

beforeAll(async () => {
  database = await createDatabase("load")
  server = await startServer({ databaseUrl: database.url, port: 3800 })
}, 180_000)

afterAll(async () => {
  await server?.stop()
  await database?.drop()
}, 60_000)

const stats = { requests: 0, errors: [] as string[], checkoutMs: [] as number[] }

/** One request, no retry: under load any failure counts. */
async function call(
  origin: string,
  path: string,
  init: { method?: string; headers: Record<string, string>; body?: unknown },
) {
  stats.requests += 1
  const started = Date.now()
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...init.headers,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    // A request stuck this long is a hang, not load (latency is reported in the figures).
    signal: AbortSignal.timeout(120_000),
  }).catch((error: Error) => {
    throw new Error(
      `${init.method ?? "GET"} ${path.split("/").slice(0, 4).join("/")}: ${error.message} after ${Date.now() - started} ms`,
    )
  })
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`)
  return response
}

/** A new buyer from a new address: anti-forgery cookie, Pix checkout, payment, then the photos. */
async function journey(origin: string, index: number) {
  const ip = `10.${100 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`
  const health = await call(origin, "/v1/health", { headers: { "x-forwarded-for": ip } })
  const cookie = health.headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .find((value) => value.startsWith("XSRF-TOKEN="))
  if (!cookie) throw new Error("no anti-forgery cookie")
  const headers = {
    "x-forwarded-for": ip,
    cookie,
    "x-xsrf-token": decodeURIComponent(cookie.slice("XSRF-TOKEN=".length)),
  }
  const started = Date.now()
  const checkout = CheckoutResponseSchema.parse(
    await (
      await call(origin, `/v1/${creator}/iugu/subscription/pix`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": randomUUID() },
        body: {
          email: `carga.${index}.${Date.now()}@exemplo.com.br`,
          planName: "MONTHLY",
          typeAuth: "new_user",
          token: "carga",
        },
      })
    ).json(),
  )
  stats.checkoutMs.push(Date.now() - started)
  const signedIn = { ...headers, authorization: `Bearer ${checkout.auth!.accessToken}` }
  await call(origin, `/v1/sandbox/payments/${checkout.subscription.payment!.id}/pay`, {
    method: "POST",
    headers: signedIn,
  })
  await call(origin, `/v1/u/${creator}/medias`, { headers: signedIn })
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

describe("load", () => {
  it(`takes ${BUYERS} concurrent Pix buyers for ${SECONDS} s: no error, nothing doubled, every payer has access`, async () => {
    const deadline = Date.now() + SECONDS * 1000
    let next = 0
    let journeys = 0
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        while (Date.now() < deadline) {
          const index = next++
          try {
            await journey(server.origin, index)
            journeys += 1
          } catch (error) {
            stats.errors.push(`journey ${index}: ${(error as Error).message.slice(0, 200)}`)
          }
        }
      }),
    )

    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const { rows } = await client.query<{
        buyers: number
        subscriptions: number
        doubled: number
        charges: number
        paid: number
        unpaid: number
      }>(`
        with mine as (
          select a.id, count(distinct s.id)::int as subs, count(p.id)::int as charges,
                 count(p.id) filter (where p.status = 'paid')::int as paid
            from accounts a
            left join subscriptions s on s.account_id = a.id
            left join payments p on p.subscription_id = s.id
           where a.email like 'carga.%'
           group by a.id)
        select count(*)::int as buyers, coalesce(sum(subs), 0)::int as subscriptions,
               count(*) filter (where subs > 1)::int as doubled,
               coalesce(sum(charges), 0)::int as charges, coalesce(sum(paid), 0)::int as paid,
               count(*) filter (where paid = 0)::int as unpaid
          from mine`)
      const figures = rows[0]!
      console.log(
        `load: ${journeys} journeys by ${BUYERS} concurrent buyers in ${SECONDS} s (${stats.requests} requests); ` +
          `errors ${stats.errors.length}, duplicate subscriptions ${figures.doubled}, ` +
          `charges ${figures.charges} for ${figures.buyers} buyers, paid ${figures.paid}; ` +
          `checkout p50 ${percentile(stats.checkoutMs, 50)} ms, p99 ${percentile(stats.checkoutMs, 99)} ms`,
      )
      expect(stats.errors.slice(0, 10)).toEqual([])
      expect(journeys).toBeGreaterThan(0)
      // Every buyer: one subscription, one charge, paid (and the journey already saw the photos).
      expect(figures).toEqual({
        buyers: journeys,
        subscriptions: journeys,
        doubled: 0,
        charges: journeys,
        paid: journeys,
        unpaid: 0,
      })
    } finally {
      await client.end()
    }
  }, 600_000)
})
