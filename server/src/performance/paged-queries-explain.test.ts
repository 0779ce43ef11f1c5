import { sql, type Logger } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rowsOf } from "../db/client.ts"
import { subscriptions } from "../db/schema-billing.ts"
import { accounts, medias, stories } from "../db/schema.ts"
import {
  createTestApp,
  type TestAccount,
  type TestApp,
  type TestCreator,
} from "../../test/test-app.ts"

/**
 * The paged lists (a creator's photos and stories, her studio's subscribers) read along an
 * index whatever the size of the table: EXPLAIN of the very statements the routes send, on a
 * database holding thousands of rows. On PostgreSQL when DATABASE_URL is set (as in CI), else on
 * PGlite, which is PostgreSQL too.
 */
const sent: { query: string; params: unknown[] }[] = []
const recording: Logger = { logQuery: (query, params) => void sent.push({ query, params }) }

let t: TestApp
let big: TestCreator
let fan: TestAccount

/** The statement, with its parameters written in, so EXPLAIN plans it as it ran. */
const inline = ({ query, params }: { query: string; params: unknown[] }) =>
  query.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1]
    if (value === null || value === undefined) return "null"
    if (typeof value === "number" || typeof value === "boolean") return String(value)
    return `'${String(value).replace(/'/g, "''")}'`
  })

async function insertMany<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000))
}

beforeAll(async () => {
  t = await createTestApp({ queryLogger: recording })
  big = await t.createCreator()
  // Five more creators, so each one's rows are a small part of every table, as in production.
  const others: TestCreator[] = []
  for (let i = 0; i < 5; i++) others.push(await t.createCreator())
  const start = t.clock.now().getTime() - 400 * 86_400_000
  const at = (i: number) => new Date(start + i * 60_000)
  for (const creator of [big, ...others]) {
    const count = creator === big ? 5000 : 500
    await insertMany(
      Array.from({ length: count }, (_, i) => ({
        profileId: creator.profileId,
        fileKey: `p/${creator.profileId}/m/${i}.jpg`,
        thumbKey: `p/${creator.profileId}/m/${i}-t.jpg`,
        createdAt: at(i),
      })),
      (chunk) => t.db.insert(medias).values(chunk),
    )
    await insertMany(
      Array.from({ length: creator === big ? 300 : 50 }, (_, i) => ({
        profileId: creator.profileId,
        kind: "image" as const,
        fileKey: `p/${creator.profileId}/s/${i}.jpg`,
        processed: true,
        createdAt: at(i),
      })),
      (chunk) => t.db.insert(stories).values(chunk),
    )
  }
  const people = await t.db
    .insert(accounts)
    .values(
      Array.from({ length: 4000 }, (_, i) => ({
        email: `explain${i}@exemplo.com.br`,
        passwordHash: "sem-senha",
      })),
    )
    .returning({ id: accounts.id })
  await insertMany(
    people.flatMap((person, i) =>
      [big, ...others].map((creator, c) => ({
        accountId: person.id,
        profileId: creator.profileId,
        status: "whitelist" as const,
        createdAt: at(i + c),
        updatedAt: at(i),
      })),
    ),
    (chunk) => t.db.insert(subscriptions).values(chunk),
  )
  await t.db.execute(sql`analyze`)
  fan = await t.createAccount()
  await t.createSubscription({ accountId: fan.id, profileId: big.profileId })
})
afterAll(() => t.close())

/** The plan of the statement reading `table` that a GET of `url` sent, and the next page's url. */
async function planOf(url: string, token: string, table: string) {
  sent.length = 0
  const res = await t.inject({ url, token })
  expect(res.statusCode, res.body).toBe(200)
  const statement = sent.find(({ query }) =>
    new RegExp(`from "${table}"[\\s\\S]*\\blimit\\b`, "i").test(query),
  )
  expect(statement, `${url}: no paged read of ${table}`).toBeDefined()
  const rows = await rowsOf<{ "QUERY PLAN": string }>(
    t.db,
    sql.raw(`explain ${inline(statement!)}`),
  )
  return {
    plan: rows.map((row) => row["QUERY PLAN"]).join("\n"),
    nextCursor: res.json<{ nextCursor: string | null }>().nextCursor,
  }
}

/** An index scan of the table: its keyset index, unless a case says which others may serve. */
const indexScan = (table: string, index = `${table}_profile_created_id`) =>
  new RegExp(
    `Index (Only )?Scan( Backward)? using ${index} on ${table}\\b|Bitmap Index Scan on ${index}\\b`,
  )

const cases = [
  { name: "photos", table: "medias", url: () => `/v1/u/${big.username}/medias?limit=12` },
  { name: "stories", table: "stories", url: () => `/v1/u/${big.username}/stories?limit=50` },
  { name: "subscribers", table: "subscriptions", url: () => "/v1/studio/subscribers?limit=50" },
  {
    // A rare search may start from the matching accounts, then find each one's subscription to
    // her by the (account_id, profile_id) index: an index either way, never the whole table.
    name: "subscribers searched",
    table: "subscriptions",
    index: "subscriptions_(profile_created_id|account_profile)",
    url: () => "/v1/studio/subscribers?limit=50&q=explain12",
  },
]

describe("EXPLAIN of the paged reads", () => {
  for (const { name, table, index, url } of cases)
    it(`reads ${name} along an index, first page and next`, async () => {
      const token = table === "subscriptions" ? big.token : fan.token
      const first = await planOf(url(), token, table)
      expect(first.plan).toMatch(indexScan(table, index))
      expect(first.plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`))
      expect(first.nextCursor).not.toBeNull()
      const next = await planOf(`${url()}&cursor=${first.nextCursor}`, token, table)
      expect(next.plan).toMatch(indexScan(table, index))
      expect(next.plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`))
    })
})
