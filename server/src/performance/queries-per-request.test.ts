import type { Logger } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { seedIfEmpty } from "../db/seed.ts"
import { createTestApp, testScrypt, type TestApp } from "../../test/test-app.ts"

/**
 * Issue 9's budget: no endpoint issues more than 3 SQL queries per request. Every GET route of
 * the API is called on the demo data as the person it serves, and the statements Drizzle sends
 * while it answers are counted. Transaction control (BEGIN, COMMIT...) is left out: PGlite
 * sends it outside Drizzle, node-postgres through it, and it is no query of the data. Neither
 * are the sandbox gateways' records, which stand for calls to the real gateway.
 */
const MAX_QUERIES = 3

const transactionControl = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i
// The sandbox keeps the simulated gateways' own records (iugu's customers and cards...) in this
// table: in production each is an HTTPS call to the gateway, not a query of our database.
const gatewaySimulator =
  /\bfrom "sandbox_objects"|\binto "sandbox_objects"|\bupdate "sandbox_objects"/i

const statements: string[] = []
const countingLogger: Logger = {
  logQuery(query) {
    if (!transactionControl.test(query) && !gatewaySimulator.test(query)) statements.push(query)
  },
}

let t: TestApp
const tokens = { subscriber: "", visitor: "", creator: "", admin: "" }
type Caller = keyof typeof tokens | "anyone"

const login = async (email: string) => {
  const res = await t.inject({
    method: "POST",
    url: "/v1/auth/login",
    payload: { usernameOrEmail: email, password: "demo1234" },
  })
  expect(res.statusCode, email).toBe(200)
  return res.json<{ accessToken: string }>().accessToken
}

/** Calls `url` as `caller` and returns its status and the statements it sent. */
async function measure(url: string, caller: Caller, method: "GET" | "POST" = "GET") {
  // Work a previous request left running (a write after its answer) must not count here.
  await new Promise((resolve) => setImmediate(resolve))
  statements.length = 0
  const res = await t.inject({
    method,
    url,
    token: caller === "anyone" ? undefined : tokens[caller],
  })
  await new Promise((resolve) => setImmediate(resolve))
  return { status: res.statusCode, body: res.body, queries: [...statements] }
}

const json = async <T>(url: string, caller: Caller): Promise<T> => {
  const res = await t.inject({ url, token: caller === "anyone" ? undefined : tokens[caller] })
  expect(res.statusCode, url).toBe(200)
  return res.json<T>()
}

beforeAll(async () => {
  t = await createTestApp({ queryLogger: countingLogger })
  expect(
    await seedIfEmpty({ db: t.db, storage: t.storage, clock: t.clock, scrypt: testScrypt }),
  ).toBe(true)
  tokens.subscriber = await login("assinante@demo.com.br")
  tokens.visitor = await login("visitante@demo.com.br")
  tokens.creator = await login("criadora@demo.com.br")
  tokens.admin = await login("admin@demo.com.br")
}, 300_000)
afterAll(() => t?.close())

/**
 * GET routes the demo data cannot reach with an answer other than a refusal: each says why.
 * A route added later must be called below or named here, or the first test fails.
 */
const unreachable: Record<string, string> = {
  "GET /v1/metrics": "answers only with the operator's metrics token, which tests do not set",
  "GET /v1/sandbox/boleto/:provider/:id": "the demo has no boleto payment",
  "GET /v1/notifications/push-key":
    "answers from the configuration (no query); the tests set no VAPID pair",
}

describe("SQL queries per request", () => {
  it("stays within 3 on every GET route, for the person each route serves", async () => {
    const profile = await json<{ profilePic: string }>("/v1/profile/demo", "anyone")
    const stories = await json<Array<{ _id: string }>>("/v1/u/demo/stories", "subscriber")
    const subscription = await json<{ _id: string; payment: { pixUrl: string | null } | null }>(
      "/v1/demo/subscription",
      "subscriber",
    )
    const adminSubscriptions = await json<Array<{ subscriptionId: string }>>(
      "/v1/admin/subscriptions?q=assinante%40demo.com.br",
      "admin",
    )
    const adminSubscriptionId = adminSubscriptions[0]?.subscriptionId
    expect(stories.length, "the demo creator has stories").toBeGreaterThan(0)
    expect(adminSubscriptionId, "the admin finds the subscriber's subscription").toBeDefined()

    // The reads issue 9 names come first; the rest cover every other GET route.
    // A refusal's status is given where the call is one (a visitor asking for the photos).
    const calls: Array<[route: string, url: string, caller: Caller, refusal?: number]> = [
      ["GET /v1/health", "/v1/health", "anyone"],
      ["GET /v1/profile/:username", "/v1/profile/demo", "anyone"],
      ["GET /v1/u/:username/stats", "/v1/u/demo/stats", "anyone"],
      ["GET /v1/u/:username/medias", "/v1/u/demo/medias", "subscriber"],
      ["GET /v1/:username/subscription", "/v1/demo/subscription", "subscriber"],
      ["GET /v1/ready", "/v1/ready", "anyone"],
      ["GET /v1/payments/config", "/v1/payments/config", "anyone"],
      ["GET /v1/support/config", "/v1/support/config", "anyone"],
      ["GET /v1/auth/session", "/v1/auth/session", "subscriber"],
      ["GET /v1/:username/profile", "/v1/demo/profile", "anyone"],
      ["GET /v1/u/:username/highlights", "/v1/u/demo/highlights", "subscriber"],
      ["GET /v1/u/:username/highlights", "/v1/u/demo/highlights", "visitor"],
      ["GET /v1/stories/:username", "/v1/stories/demo", "subscriber"],
      ["GET /v1/u/:username/stories", "/v1/u/demo/stories", "subscriber"],
      ["GET /v1/u/:username/stories", "/v1/u/demo/stories", "creator"],
      ["GET /v1/u/:username/medias", "/v1/u/demo/medias", "visitor", 403],
      ["GET /v1/files/*", profile.profilePic, "anyone"],
      ["GET /v1/subscription/:id", `/v1/subscription/${subscription._id}`, "subscriber"],
      ["GET /v1/iugu/cards", "/v1/iugu/cards", "subscriber"],
      ["GET /v1/account/export", "/v1/account/export", "subscriber"],
      ["GET /v1/studio/receipts", "/v1/studio/receipts", "creator"],
      ["GET /v1/studio/profile", "/v1/studio/profile", "creator"],
      ["GET /v1/studio/plans", "/v1/studio/plans", "creator"],
      ["GET /v1/studio/receiving", "/v1/studio/receiving", "creator"],
      ["GET /v1/studio/stories", "/v1/studio/stories", "creator"],
      ["GET /v1/studio/medias", "/v1/studio/medias", "creator"],
      ["GET /v1/studio/scheduled", "/v1/studio/scheduled", "creator"],
      ["GET /v1/studio/highlights", "/v1/studio/highlights", "creator"],
      ["GET /v1/studio/subscribers", "/v1/studio/subscribers", "creator"],
      ["GET /v1/studio/whitelist/invites", "/v1/studio/whitelist/invites", "creator"],
      ["GET /v1/studio/coupons", "/v1/studio/coupons", "creator"],
      // The demo has no coupon: an unknown code is refused after its look-up.
      ["GET /v1/:username/coupons/:code", "/v1/demo/coupons/NAOEXISTE", "anyone", 404],
      ["GET /v1/studio/numbers", "/v1/studio/numbers", "creator"],
      ["GET /v1/admin/leads", "/v1/admin/leads", "admin"],
      ["GET /v1/admin/creators", "/v1/admin/creators", "admin"],
      ["GET /v1/admin/subscriptions", "/v1/admin/subscriptions?q=demo", "admin"],
      [
        "GET /v1/admin/subscriptions/:id/audit",
        `/v1/admin/subscriptions/${adminSubscriptionId}/audit`,
        "admin",
      ],
      ["GET /v1/admin/mail/dead", "/v1/admin/mail/dead", "admin"],
      ["GET /v1/u/:username/notifications", "/v1/u/demo/notifications", "subscriber"],
      ["GET /v1/account/notifications", "/v1/account/notifications", "subscriber"],
    ]
    // The outbox answers only where mails go to the sandbox's files, and reads files, no table.
    unreachable["GET /v1/admin/mail/outbox"] =
      "the sandbox outbox lists files, in sandbox mode only"
    const pixUrl = subscription.payment?.pixUrl
    if (pixUrl?.startsWith("/v1/sandbox/qrcode/"))
      calls.push(["GET /v1/sandbox/qrcode/:provider/:file", pixUrl, "subscriber"])
    else unreachable["GET /v1/sandbox/qrcode/:provider/:file"] = "the demo Pix has no sandbox QR"
    // Two writes the app makes as it reads, measured too. Cancelling changes the subscription
    // the other calls read: it goes last.
    calls.push(
      ["POST /v1/stories/seen/:storyId", `/v1/stories/seen/${stories[0]!._id}`, "subscriber"],
      [
        "POST /v1/subscription/:id/cancel",
        `/v1/subscription/${subscription._id}/cancel`,
        "subscriber",
      ],
    )

    const getRoutes = new Set(
      t.app.registeredRoutes
        .filter((route) => route.method === "GET" && route.url.startsWith("/v1/"))
        .filter((route) => !route.url.startsWith("/v1/docs"))
        .map((route) => `GET ${route.url}`),
    )
    const covered = new Set(
      [...calls.map(([route]) => route), ...Object.keys(unreachable)].filter((route) =>
        route.startsWith("GET "),
      ),
    )
    expect({
      notCalled: [...getRoutes].filter((route) => !covered.has(route)),
      notRegistered: [...covered].filter((route) => !getRoutes.has(route)),
    }).toEqual({ notCalled: [], notRegistered: [] })

    const report: string[] = []
    const over: string[] = []
    for (const [route, url, caller, refusal] of calls) {
      // The first call meets cold caches; the second shows what a busy page costs.
      const method = route.startsWith("POST ") ? "POST" : "GET"
      const cold = await measure(url, caller, method)
      const warm = await measure(url, caller, method)
      const said = `${url} as ${caller}: ${cold.body.slice(0, 200)}`
      if (refusal) expect(cold.status, said).toBe(refusal)
      else expect(cold.status, said).toBeLessThan(400)
      const most = Math.max(cold.queries.length, warm.queries.length)
      report.push(`${most}  ${route} as ${caller}`)
      if (most > MAX_QUERIES)
        over.push(`${route} as ${caller}: ${most}\n    ${cold.queries.join("\n    ")}`)
    }
    console.info(`SQL queries per request (most of a cold and a warm call):\n${report.join("\n")}`)
    expect(over).toEqual([])
  }, 60_000)

  it("counts what a request really sends: a cold profile read queries the database", async () => {
    const first = await measure("/v1/profile/demo.pix", "anyone")
    expect(first.status).toBe(200)
    expect(first.queries.length).toBeGreaterThan(0)
  })
})
