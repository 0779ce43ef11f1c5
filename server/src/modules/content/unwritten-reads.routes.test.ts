import type { Logger } from "drizzle-orm"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { subscriptions } from "../../db/schema-billing.ts"
import { accounts } from "../../db/schema.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"

// On the embedded PGlite every write goes through this process: a subscriber's repeated read
// is answered without asking the database again until something is written. On PostgreSQL
// other replicas write unseen, so the access is read on every request.
const statements: string[] = []
const recording: Logger = { logQuery: (query) => void statements.push(query) }

let t: TestApp
let creator: TestCreator
const onPglite = !process.env.DATABASE_URL
const reads = [
  "u/{u}/medias?limit=12",
  "u/{u}/stories?limit=100",
  "u/{u}/highlights",
  "{u}/subscription",
]

beforeAll(async () => {
  t = await createTestApp({ config: { contentCacheMs: 60_000 }, queryLogger: recording })
  creator = await t.createCreator()
  const story = await t.createStory(creator.profileId)
  await t.createMedia(creator.profileId)
  await t.createHighlight(creator.profileId, "Praia", [story.id])
})
afterAll(() => t.close())

const urlOf = (read: string) => `/v1/${read.replaceAll("{u}", creator.username)}`

async function statementsOf(read: string, token: string) {
  statements.length = 0
  const res = await t.inject({ url: urlOf(read), token })
  return { status: res.statusCode, body: res.json<unknown>(), statements: [...statements] }
}

async function subscriber() {
  const person = await t.createAccount()
  const subscription = await t.createSubscription({
    accountId: person.id,
    profileId: creator.profileId,
  })
  return { ...person, subscriptionId: subscription.id }
}

describe("a subscriber's reads repeated while nothing is written", () => {
  it(`ask the database ${onPglite ? "nothing" : "only for the access"} the second time`, async () => {
    const ana = await subscriber()
    for (const read of reads) {
      const first = await statementsOf(read, ana.token)
      expect(first.status, read).toBe(200)
      expect(first.statements.length, read).toBeGreaterThan(0)
      const again = await statementsOf(read, ana.token)
      expect(again.status, read).toBe(200)
      expect(again.body, read).toEqual(first.body)
      if (onPglite) expect(again.statements, read).toEqual([])
      else expect(again.statements.length, read).toBeGreaterThanOrEqual(1)
    }
  })

  it("lose the content on the next request after a write ends the subscription", async () => {
    const bia = await subscriber()
    for (const read of reads) expect((await statementsOf(read, bia.token)).status).toBe(200)
    await t.db
      .update(subscriptions)
      .set({ status: "canceled", currentPeriodEnd: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(subscriptions.id, bia.subscriptionId))
    for (const read of ["u/{u}/medias?limit=12", "u/{u}/stories?limit=100"]) {
      const res = await statementsOf(read, bia.token)
      expect(res.status, read).toBe(403)
    }
    const subscription = await statementsOf("{u}/subscription", bia.token)
    expect(subscription.body).toMatchObject({ status: "canceled" })
  })

  it("refuse a token revoked by a write (a password change) on its next request", async () => {
    const caio = await subscriber()
    for (const read of reads) expect((await statementsOf(read, caio.token)).status).toBe(200)
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, caio.id))
    await t.db
      .update(accounts)
      .set({ tokenVersion: row!.tokenVersion + 1 })
      .where(eq(accounts.id, caio.id))
    for (const read of reads.filter((read) => !read.includes("highlights")))
      expect((await statementsOf(read, caio.token)).status, read).toBe(401)
    // Highlights' titles are public: a revoked token reads them as a visitor, without stories.
    const highlights = await statementsOf("u/{u}/highlights", caio.token)
    expect(highlights.body).toEqual([expect.not.objectContaining({ stories: expect.anything() })])
  })

  it("give each subscriber her own answer, with links signed for her", async () => {
    const [dani, edu] = [await subscriber(), await subscriber()]
    for (const read of reads.slice(0, 3)) {
      const forDani = JSON.stringify((await statementsOf(read, dani.token)).body)
      const forEdu = JSON.stringify((await statementsOf(read, edu.token)).body)
      expect(forDani, read).toContain(`viewer=${dani.id}`)
      expect(forDani, read).not.toContain(edu.id)
      expect(forEdu, read).toContain(`viewer=${edu.id}`)
      expect(forEdu, read).not.toContain(dani.id)
    }
  })
})
