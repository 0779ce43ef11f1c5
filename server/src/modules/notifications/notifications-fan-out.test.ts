import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { notificationAnnouncements, pushSubscriptions } from "../../db/schema-notifications.ts"
import { medias, stories } from "../../db/schema.ts"
import { startPushServiceStub, type PushServiceStub } from "../../../test/push-service-stub.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import {
  optedInFollower,
  setNotifications,
  testFanOut,
  testVapid,
} from "../../../test/notifications-testing.ts"

let t: TestApp
let push: PushServiceStub
const hour = 3_600_000

beforeAll(async () => {
  push = await startPushServiceStub()
  t = await createTestApp({ config: { vapid: testVapid() } })
})
afterAll(async () => {
  await t.close()
  await push.close()
})

const digestsTo = (email: string) => t.mailer.sent.filter((mail) => mail.to === email)
const payloads = (browser: Parameters<PushServiceStub["to"]>[0]) =>
  push.to(browser).map((received) => JSON.parse(received.text) as Record<string, string>)

describe("the fan-out job", () => {
  it("tells only opted-in subscribers with access, by push and e-mail, naming the creator and never the content", async () => {
    const creator = await t.createCreator({ username: `demo${Date.now()}` })
    // Opted in, then her period ended; subscribed without opting in; opted in with access now.
    const lapsed = await optedInFollower(t, creator, { push })
    t.clock.advance(31 * 24 * hour)
    const silent = await t.createAccount()
    await t.createSubscription({ accountId: silent.id, profileId: creator.profileId })
    const renewed = await optedInFollower(t, creator, { push })

    await t.createMedia(creator.profileId, { description: "Segredo da praia" })
    const totals = await testFanOut(t, { push }).run()
    expect(totals).toMatchObject({ announced: 1 })

    expect(payloads(renewed.browser!)).toEqual([
      {
        title: "Closer",
        body: `@${creator.username} publicou algo novo`,
        url: `/${creator.username}`,
        tag: `novidade-${creator.username}`,
      },
    ])
    expect(push.to(lapsed.browser!)).toEqual([])
    await vi.waitFor(() => expect(digestsTo(renewed.email)).toHaveLength(1))
    const [mail] = digestsTo(renewed.email)
    expect(mail!.subject).toBe(`@${creator.username} publicou algo novo`)
    expect(`${mail!.text}${mail!.html}${mail!.subject}`).not.toContain("praia")
    expect(digestsTo(silent.email)).toEqual([])
    expect(digestsTo(lapsed.email)).toEqual([])
  })

  it("announces each photo and story once, and nothing still scheduled", async () => {
    const creator = await t.createCreator()
    const follower = await optedInFollower(t, creator, { push })
    const fanOut = testFanOut(t, { push })
    const story = await t.createStory(creator.profileId)
    const [scheduled] = await t.db
      .insert(medias)
      .values({
        profileId: creator.profileId,
        fileKey: "x.png",
        thumbKey: "x-thumb.png",
        scheduledFor: new Date(t.clock.now().getTime() + hour),
      })
      .returning()
    await fanOut.run()
    await fanOut.run()
    expect(push.to(follower.browser!)).toHaveLength(1)
    const [storyRow] = await t.db.select().from(stories).where(eq(stories.id, story.id))
    expect(storyRow!.announcedAt).toEqual(t.clock.now())
    const [waiting] = await t.db.select().from(medias).where(eq(medias.id, scheduled!.id))
    expect(waiting!.announcedAt).toBeNull()

    // Its time comes: published (scheduled_for cleared, created_at moved), announced then.
    t.clock.advance(hour)
    await t.db
      .update(medias)
      .set({ scheduledFor: null, createdAt: t.clock.now() })
      .where(eq(medias.id, scheduled!.id))
    await fanOut.run()
    expect(push.to(follower.browser!)).toHaveLength(2)
  })

  it("sends at most one e-mail a day per creator per follower, and another the next São Paulo day", async () => {
    // 10:00 in São Paulo.
    t.clock.set(new Date("2025-03-10T13:00:00.000Z"))
    const creator = await t.createCreator()
    const follower = await optedInFollower(t, creator, { push })
    const fanOut = testFanOut(t, { push })
    await t.createMedia(creator.profileId)
    await fanOut.run()
    t.clock.advance(hour)
    await t.createStory(creator.profileId)
    await fanOut.run()
    // 23:30 in São Paulo, still the same day there (02:30 UTC the next day).
    t.clock.set(new Date("2025-03-11T02:30:00.000Z"))
    await t.createMedia(creator.profileId)
    await fanOut.run()
    expect(push.to(follower.browser!)).toHaveLength(3)
    await vi.waitFor(() => expect(digestsTo(follower.email)).toHaveLength(1))

    t.clock.set(new Date("2025-03-11T03:30:00.000Z"))
    await t.createMedia(creator.profileId)
    await fanOut.run()
    await vi.waitFor(() => expect(digestsTo(follower.email)).toHaveLength(2))
  })

  it("puts a one-click unsubscribe in every digest, which stops the e-mails and keeps the push", async () => {
    const creator = await t.createCreator()
    const follower = await optedInFollower(t, creator, { push })
    const fanOut = testFanOut(t, { push })
    await t.createMedia(creator.profileId)
    await fanOut.run()
    const mail = await vi.waitFor(() => {
      const found = digestsTo(follower.email)[0]
      if (!found) throw new Error("sem e-mail")
      return found
    })
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click")
    const oneClick = /^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!
    expect(mail.text).toMatch(/\/descadastrar\?token=[\w.-]+/)
    const url = new URL(oneClick)
    expect(url.origin).toBe(t.config.publicUrl)
    const res = await t.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      xsrf: false,
    })
    expect(res.statusCode, res.body).toBe(200)

    t.clock.advance(48 * hour)
    await t.createMedia(creator.profileId)
    await fanOut.run()
    expect(push.to(follower.browser!)).toHaveLength(2)
    expect(digestsTo(follower.email)).toHaveLength(1)

    // Turned on again from the profile, the digest comes back.
    await setNotifications(t, follower, creator, true, 200)
    t.clock.advance(24 * hour)
    await t.createMedia(creator.profileId)
    await fanOut.run()
    await vi.waitFor(() => expect(digestsTo(follower.email)).toHaveLength(2))
  })

  it("drops a browser whose push service answers 404 or 410, and keeps one that failed for a while", async () => {
    const creator = await t.createCreator()
    const [gone, forgotten, flaky] = [
      await optedInFollower(t, creator, { push }),
      await optedInFollower(t, creator, { push }),
      await optedInFollower(t, creator, { push }),
    ]
    push.answer(gone.browser!, 410)
    push.answer(forgotten.browser!, 404)
    push.answer(flaky.browser!, 503)
    await t.createMedia(creator.profileId)
    const totals = await testFanOut(t, { push }).run()
    expect(totals).toMatchObject({ gone: 2, failed: 1 })
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)
    const endpoints = left.map((row) => row.endpoint)
    expect(endpoints).not.toContain(gone.browser!.endpoint)
    expect(endpoints).not.toContain(forgotten.browser!.endpoint)
    expect(endpoints).toContain(flaky.browser!.endpoint)
  })
})

describe("pacing and replicas", () => {
  it("reaches a large audience over several runs, resuming where the last stopped, while a small creator is not kept waiting", async () => {
    const big = await t.createCreator()
    const small = await t.createCreator()
    const bigFans: Awaited<ReturnType<typeof optedInFollower>>[] = []
    for (let i = 0; i < 7; i++) bigFans.push(await optedInFollower(t, big, { push }))
    const smallFan = await optedInFollower(t, small, { push })
    await t.createMedia(big.profileId)
    await t.createMedia(small.profileId)
    const pace = { batchSize: 2, perRun: 3 }
    // A new job object each run, as after a restart: the progress lives in the database.
    const first = await testFanOut(t, { pace, push }).run()
    expect(first.reached).toBe(3)
    expect(push.to(smallFan.browser!)).toHaveLength(1)
    for (let run = 0; run < 5; run++) await testFanOut(t, { pace, push }).run()
    for (const fan of bigFans) expect(push.to(fan.browser!), fan.email).toHaveLength(1)
    const open = await t.db
      .select()
      .from(notificationAnnouncements)
      .where(eq(notificationAnnouncements.profileId, big.profileId))
    expect(open.map((row) => [row.reached, row.finishedAt !== null])).toEqual([[7, true]])
  })

  it("tells each follower once when two replicas run the fan-out at the same moment", async () => {
    const creator = await t.createCreator()
    const fans: Awaited<ReturnType<typeof optedInFollower>>[] = []
    for (let i = 0; i < 6; i++) fans.push(await optedInFollower(t, creator, { push }))
    await t.createMedia(creator.profileId)
    await t.createStory(creator.profileId)
    const pace = { batchSize: 2, perRun: 100 }
    await Promise.all([testFanOut(t, { pace, push }).run(), testFanOut(t, { pace, push }).run()])
    for (const fan of fans) expect(push.to(fan.browser!), fan.email).toHaveLength(1)
    await vi.waitFor(() => {
      for (const fan of fans) expect(digestsTo(fan.email), fan.email).toHaveLength(1)
    })
    const announcements = await t.db
      .select()
      .from(notificationAnnouncements)
      .where(eq(notificationAnnouncements.profileId, creator.profileId))
    expect(announcements).toHaveLength(1)
    expect(announcements[0]).toMatchObject({ items: 2, reached: 6 })
  })
})
