import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { mailOutbox } from "../../src/db/schema-mail.ts"
import { xsrfCookieName, xsrfHeaderName } from "../../src/plugins/anti-forgery.ts"
import type { RouteAccess } from "../../src/plugins/route-access.ts"
import { changedTables, snapshot, tableNames } from "./db-snapshot.ts"
import { runFuzz } from "./fuzz-battery.ts"
import { leaksIn } from "./leaks.ts"
import { isDocumentation, routeProbes } from "./route-probes.ts"
import { attackerNames, buildWorld, type World } from "./security-world.ts"

/** Until no mail of the outbox is still being sent by this process. */
async function outboxSettled(db: World["t"]["db"]) {
  await vi.waitFor(async () => {
    const sending = await db.$count(mailOutbox, eq(mailOutbox.status, "sending"))
    if (sending > 0) throw new Error(`${sending} mails still being sent`)
  })
}

/** A few inputs per route here; `npm run test:hard` sends thousands (tests/hard/input-fuzz.test.ts). */
const runsPerRoute = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 8)

// One world of victims and attackers for the whole battery: building it is the slow part.
let w: World

beforeAll(async () => {
  // The creator's content kept in memory as in production: what decides access must not be.
  w = await buildWorld({ config: { contentCacheMs: 60_000 } })
}, 120_000)
afterAll(() => w?.t.close())

/** The /v1 routes as registered, keyed "METHOD /v1/path", with the access each declares. */
const apiRoutes = () =>
  new Map<string, RouteAccess | undefined>(
    w.t.app.registeredRoutes
      .filter((route) => route.method !== "HEAD" && route.url.startsWith("/v1/"))
      .filter((route) => !isDocumentation(route.url))
      .map((route) => [`${route.method} ${route.url}`, route.access] as const),
  )

/** The victims' own rows, hashed: whatever anyone did to their own data, these stay as they were. */
async function victimRows(world: World) {
  const profileIds = [world.creator.profileId, world.pixCreator.profileId]
  const list = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )
  const profilesIn = list(profileIds)
  const accountsIn = list(world.victimIds)
  const result = (await world.t.db.execute(sql`
    select md5(string_agg(x, '|' order by x)) as hash from (
      select a::text as x from accounts a where a.id in (${accountsIn})
      union all select p::text from profiles p where p.id in (${profilesIn})
      union all select p::text from plans p where p.profile_id in (${profilesIn})
      union all select s::text from stories s where s.profile_id in (${profilesIn})
      union all select m::text from medias m where m.profile_id in (${profilesIn})
      union all select h::text from highlights h where h.profile_id in (${profilesIn})
      union all select s::text from subscriptions s
        where s.profile_id in (${profilesIn}) or s.account_id in (${accountsIn})
      union all select p::text from payments p join subscriptions s on s.id = p.subscription_id
        where s.profile_id in (${profilesIn}) or s.account_id in (${accountsIn})
      union all select o::text from notification_opt_ins o
        where o.profile_id in (${profilesIn}) or o.account_id in (${accountsIn})
      union all select b::text from push_subscriptions b where b.account_id in (${accountsIn})
    ) rows`)) as unknown as { rows: Array<{ hash: string }> }
  return result.rows[0]!.hash
}

const signedOut = new Set(["anonymous", "forged token"])

describe("access control over every /v1 route", () => {
  it("has attempts for every registered route, and none for a route that is gone", () => {
    const registered = [...apiRoutes().keys()]
    const missing = registered.filter((key) => !routeProbes[key])
    const stale = Object.keys(routeProbes).filter((key) => !registered.includes(key))
    expect({ missing, stale }).toEqual({ missing: [], stale: [] })
  })

  it("refuses anonymous, forged, other and lapsed accounts: no leak, no change", async () => {
    const { t } = w
    const tables = await tableNames(t.db)
    const victimsBefore = await victimRows(w)
    const registered = apiRoutes()
    const wrong: string[] = []
    const leaks: string[] = []
    const changes: string[] = []
    let attempts = 0
    let routes = 0
    let before = await snapshot(t.db, tables, { content: true })

    for (const [key, rule] of Object.entries(routeProbes)) {
      if (!registered.has(key)) continue
      // A route that declares no access (route-access.test.ts fails for it) is held to the strictest.
      const caller = registered.get(key)?.caller
      routes += 1
      const routeMethod = key.split(" ")[0]!
      const probes = rule.probes(w)
      expect(probes.length, key).toBeGreaterThan(0)
      for (const probe of probes) {
        for (const attacker of w.attackers) {
          if (probe.only && !probe.only.includes(attacker.name)) continue
          const refused = (probe.refused ?? attackerNames).includes(attacker.name)
          // Each attacker keeps its own browser: its own anti-forgery cookie, never a victim's.
          const xsrf = `xsrf-${attacker.ip}`
          const res = await t.app.inject({
            method: probe.method ?? (routeMethod as "GET"),
            url: probe.url,
            payload: probe.payload,
            remoteAddress: attacker.ip,
            headers: {
              [xsrfHeaderName]: xsrf,
              ...(attacker.token ? { authorization: `Bearer ${attacker.token}` } : {}),
              ...probe.headers,
            },
            cookies: { [xsrfCookieName]: xsrf },
          })
          attempts += 1
          const what = `${key} | ${probe.label} | ${attacker.name} -> ${res.statusCode}`

          const expected =
            probe.refusal ??
            (signedOut.has(attacker.name) && caller !== "public" && caller !== "signed-url"
              ? [401]
              : [401, 403, 404])
          if (res.statusCode >= 500) wrong.push(`${what} ${res.body.slice(0, 200)}`)
          else if (refused && !expected.includes(res.statusCode))
            wrong.push(`${what} (expected ${expected.join("/")}) ${res.body.slice(0, 200)}`)

          const found = leaksIn(res.rawPayload, w)
          if (found.length) leaks.push(`${what}: ${found.join(", ")}`)

          // A mail an allowed call sends is marked sent after its answer: wait for that write,
          // or it would land in the next call's window.
          if (!refused && probe.writes?.includes("mail_outbox")) await outboxSettled(t.db)
          const after = await snapshot(t.db, tables, { content: true })
          const allowed = [...(probe.refusedWrites ?? []), ...(refused ? [] : (probe.writes ?? []))]
          const changed = changedTables(before, after, allowed)
          if (changed.length) changes.push(`${what}: ${changed.join(", ")}`)
          before = after
        }
      }
    }

    const victimsAfter = await victimRows(w)
    if (victimsAfter !== victimsBefore) changes.push("the victims' own rows changed")
    console.log(
      `access control: ${attempts} attempts on ${routes} routes by ${w.attackers.length} attackers; ` +
        `leaks ${leaks.length}, changes ${changes.length}, wrong answers ${wrong.length}`,
    )
    expect({ leaks, changes, wrong }).toEqual({ leaks: [], changes: [], wrong: [] })
  }, 300_000)

  it("never hands anyone a secret, the legitimate users included", async () => {
    const { t } = w
    const rows = (await t.db.execute(sql`
      select password_hash as v from accounts
      union all select code_hash from recovery_codes
      union all select token_hash from recovery_codes where token_hash is not null
      union all select token_hash from refresh_tokens`)) as unknown as {
      rows: Array<{ v: string }>
    }
    const hooks = t.gateways.webhooks
    const secrets = [
      t.config.jwtSecret,
      t.config.mediaSigningSecret,
      hooks.iuguToken,
      hooks.mercadoPagoSecret,
      ...rows.rows.map((row) => row.v),
    ].filter((value): value is string => !!value)
    const callers = [
      { name: "admin", token: w.admin.token },
      { name: "creator", token: w.creator.token },
      { name: "Pix creator", token: w.pixCreator.token },
      { name: "paying follower", token: w.paying.token },
    ]
    const registered = apiRoutes()
    const found: string[] = []
    let responses = 0
    for (const [key, rule] of Object.entries(routeProbes)) {
      // Reads only: the victims' own GETs, with everything they may see.
      if (!registered.has(key) || !key.startsWith("GET ")) continue
      for (const probe of rule.probes(w)) {
        for (const caller of callers) {
          const res = await t.inject({ url: probe.url, token: caller.token })
          responses += 1
          const text = res.rawPayload.toString("latin1")
          for (const secret of secrets)
            if (text.includes(secret))
              found.push(`${key} as ${caller.name}: ${secret.slice(0, 12)}…`)
        }
      }
    }
    console.log(
      `secrets: ${responses} responses to admin, creators and a follower scanned for ${secrets.length} secrets; found ${found.length}`,
    )
    expect(found).toEqual([])
  }, 120_000)
})

describe("a scheduled post", () => {
  it("reaches nobody but its creator: a subscriber and a visitor get nothing of it", async () => {
    const { t, scheduled } = w
    const secrets = { markers: scheduled.markers, contentMarkers: scheduled.contentMarkers }
    const leakOf = (payload: Buffer) => leaksIn(payload, { ...secrets, victimIds: [] })
    // The creator herself gets it, so the markers below are the ones an answer would carry.
    const own = await t.inject({ url: "/v1/studio/scheduled", token: w.creator.token })
    expect(leakOf(own.rawPayload)).toEqual(expect.arrayContaining([scheduled.storyId]))

    const registered = apiRoutes()
    const callers = [
      { name: "paying subscriber", token: w.paying.token },
      { name: "visitor", token: undefined },
    ]
    const found: string[] = []
    let responses = 0
    for (const [key, rule] of Object.entries(routeProbes)) {
      if (!registered.has(key) || !key.startsWith("GET ")) continue
      for (const probe of rule.probes(w)) {
        for (const caller of callers) {
          const res = await t.inject({ url: probe.url, token: caller.token })
          responses += 1
          const leaked = leakOf(res.rawPayload)
          if (leaked.length) found.push(`${key} as ${caller.name}: ${leaked.join(", ")}`)
        }
      }
    }
    // Acting on it by id finds nothing either, and leaves no trace.
    const before = await snapshot(t.db, await tableNames(t.db), { content: true })
    const acts = [
      `/v1/medias/${scheduled.mediaId}/like`,
      `/v1/medias/${scheduled.mediaId}/unlike`,
      `/v1/stories/seen/${scheduled.storyId}`,
    ]
    for (const url of acts) {
      const res = await t.inject({ method: "POST", url, token: w.paying.token })
      if (res.statusCode !== 404)
        found.push(`POST ${url} as paying subscriber -> ${res.statusCode}`)
    }
    const after = await snapshot(t.db, await tableNames(t.db), { content: true })
    console.log(`scheduled post: ${responses} reads by a subscriber and a visitor scanned`)
    expect({ found, changed: changedTables(before, after, []) }).toEqual({ found: [], changed: [] })
  }, 120_000)
})

describe("bad input on every /v1 route", () => {
  it("is a 4xx with a pt-BR message, never a 5xx, and changes nothing", async () => {
    const report = await runFuzz(w, {
      runsPerRoute,
      seed: Number(process.env.FUZZ_SEED) || undefined,
    })
    console.log(
      `input fuzzing (seed ${report.seed}): ${report.inputs} inputs on ${report.routes} routes; ` +
        `5xx seen ${report.serverErrors.length}, wrong answers ${report.wrongAnswers.length}, ` +
        `changes ${report.changes.length}, plausible inputs accepted ${report.accepted}`,
    )
    expect({
      serverErrors: report.serverErrors.slice(0, 20),
      wrongAnswers: report.wrongAnswers.slice(0, 20),
      changes: report.changes.slice(0, 20),
    }).toEqual({ serverErrors: [], wrongAnswers: [], changes: [] })
  }, 300_000)
})
