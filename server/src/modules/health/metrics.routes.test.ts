import pino from "pino"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { payments } from "../../db/schema-billing.ts"
import { mailOutbox } from "../../db/schema-mail.ts"
import { createJobRunner } from "../../jobs/job-runner.ts"

const metricsToken = "token-das-metricas-0123456789"
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken } })
})
afterAll(() => t.close())

const scrape = async () => {
  const res = await t.inject({
    url: "/v1/metrics",
    headers: { authorization: `Bearer ${metricsToken}` },
  })
  expect(res.statusCode).toBe(200)
  expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/)
  return res.body
}

/** The value of the one sample whose name and labels are given exactly. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe("GET /v1/metrics", () => {
  it("needs its token", async () => {
    expect((await t.inject({ url: "/v1/metrics" })).statusCode).toBe(401)
    const wrong = await t.inject({
      url: "/v1/metrics",
      headers: { authorization: "Bearer outro-token-qualquer-000" },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toBe("Token de métricas inválido.")
  })

  it("counts requests and their latency by route and status", async () => {
    await t.createCreator({ username: "medida" })
    for (let i = 0; i < 3; i++) await t.inject({ url: "/v1/profile/medida" })
    await t.inject({ url: "/v1/profile/nao-existe" })

    const text = await scrape()
    const route = 'method="GET",route="/v1/profile/:username"'
    expect(sample(text, `closer_http_requests_total{${route},status="200"}`)).toBe(3)
    expect(sample(text, `closer_http_requests_total{${route},status="404"}`)).toBe(1)
    // A histogram: every request falls in the +Inf bucket, and the sum of times is positive.
    expect(sample(text, `closer_http_request_duration_seconds_count{${route},status="200"}`)).toBe(
      3,
    )
    expect(
      sample(text, `closer_http_request_duration_seconds_bucket{le="+Inf",${route},status="200"}`),
    ).toBe(3)
    expect(
      sample(text, `closer_http_request_duration_seconds_sum{${route},status="200"}`),
    ).toBeGreaterThan(0)
  })

  it("carries Node's own metrics: heap, event loop and garbage collection", async () => {
    const text = await scrape()
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0)
    expect(text).toContain("# TYPE nodejs_eventloop_lag_p99_seconds gauge")
    expect(text).toContain("# TYPE nodejs_gc_duration_seconds histogram")
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0)
  })

  it("reads payments by status, method and gateway, and the age of the oldest pending one", async () => {
    const creator = await t.createCreator({ username: "pagamentos" })
    const follower = await t.createAccount()
    const subscription = await t.createSubscription({
      accountId: follower.id,
      profileId: creator.profileId,
      status: "paid",
    })
    const tenMinutesAgo = new Date(t.clock.now().getTime() - 10 * 60_000)
    await t.db.insert(payments).values([
      {
        subscriptionId: subscription.id,
        method: "pix",
        gateway: "bacen",
        amountCents: 2990,
        createdAt: tenMinutesAgo,
      },
      {
        subscriptionId: subscription.id,
        method: "pix",
        gateway: "bacen",
        amountCents: 2990,
        createdAt: t.clock.now(),
      },
    ])

    const text = await scrape()
    expect(
      sample(text, 'closer_payments{status="pending",method="pix",gateway="bacen"}'),
    ).toBeGreaterThanOrEqual(2)
    const age = sample(text, 'closer_payments_pending_oldest_age_seconds{method="pix"}')
    expect(age).toBeGreaterThanOrEqual(600)
    expect(age).toBeLessThan(24 * 3600)
    expect(text).toMatch(/closer_subscriptions\{status="paid"\} [1-9]/)
    expect(text).toContain("# TYPE closer_webhook_deliveries gauge")
  })

  it("says when each job last finished well and last failed", async () => {
    const log = pino({ level: "silent" })
    const runner = createJobRunner({
      db: t.db,
      clock: t.clock,
      log,
      jobs: [
        { name: "metricas-ok", intervalMs: 60_000, run: async () => {} },
        {
          name: "metricas-falha",
          intervalMs: 60_000,
          run: () => Promise.reject(new Error("falhou de propósito")),
        },
      ],
    })
    expect(await runner.runDue()).toEqual(["metricas-ok", "metricas-falha"])
    const now = t.clock.now().getTime() / 1000

    const text = await scrape()
    const ok = sample(text, 'closer_job_last_success_timestamp_seconds{job="metricas-ok"}')
    expect(ok).toBeCloseTo(now, -1)
    const failed = sample(text, 'closer_job_last_failure_timestamp_seconds{job="metricas-falha"}')
    expect(failed).toBeCloseTo(now, -1)
    expect(sample(text, 'closer_job_last_success_timestamp_seconds{job="metricas-falha"}')).toBe(
      undefined,
    )
  })

  it("says how much mail waits in the outbox, and for how long", async () => {
    await t.db.insert(mailOutbox).values({
      to: "espera@exemplo.com.br",
      subject: "Aviso",
      text: "texto",
      html: "<p>texto</p>",
      status: "pending",
      attempts: 2,
      nextAttemptAt: t.clock.now(),
      createdAt: new Date(t.clock.now().getTime() - 300_000),
    })
    const text = await scrape()
    expect(sample(text, 'closer_mail_outbox{status="pending"}')).toBe(1)
    expect(sample(text, 'closer_mail_outbox{status="dead"}')).toBe(0)
    expect(sample(text, "closer_mail_outbox_oldest_age_seconds")).toBe(300)
  })

  it("shows this replica's connection pool on PostgreSQL, and no pool on embedded PGlite", async () => {
    const text = await scrape()
    if (process.env.DATABASE_URL) {
      expect(sample(text, 'closer_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0)
      expect(sample(text, 'closer_db_pool_connections{state="waiting"}')).toBe(0)
    } else expect(text).not.toContain("closer_db_pool_connections")
  })
})

describe("GET /v1/metrics without METRICS_TOKEN", () => {
  let plain: TestApp
  beforeAll(async () => {
    plain = await createTestApp()
  })
  afterAll(() => plain.close())

  it("is off", async () => {
    expect((await plain.inject({ url: "/v1/metrics" })).statusCode).toBe(404)
  })
})
