import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { MediaSchema, StorySchema } from "../../../../src/domain/models.ts"
import { pageSchema } from "../../../../src/domain/paging.ts"
import { medias } from "../../db/schema.ts"
import { createTestApp, type TestApp, type TestCreator } from "../../../test/test-app.ts"

let t: TestApp
let creator: TestCreator
const day = 86_400_000

beforeAll(async () => {
  t = await createTestApp()
  creator = await t.createCreator()
  const start = t.clock.now().getTime()
  for (let i = 0; i < 7; i++)
    await t.createStory(creator.profileId, { createdAt: new Date(start - (7 - i) * day) })
  for (let i = 0; i < 5; i++)
    await t.createMedia(creator.profileId, { createdAt: new Date(start - (10 - i) * day) })
  // 20 photos written in one statement: the database's own clock, to the microsecond, and the
  // same instant for all of them, so only the id orders them.
  const { fileKey, thumbKey } = await t.createMedia(creator.profileId, {
    createdAt: new Date(start - 20 * day),
  })
  await t.db
    .insert(medias)
    .values(Array.from({ length: 20 }, () => ({ profileId: creator.profileId, fileKey, thumbKey })))
})
afterAll(() => t.close())

const subscriber = async () => {
  const person = await t.createAccount()
  await t.createSubscription({ accountId: person.id, profileId: creator.profileId, status: "paid" })
  return person
}

/** Every page from the first, following nextCursor to the end. */
async function allPages<T>(url: string, token: string, item: z.ZodType<T>, limit: number) {
  const pages: T[][] = []
  let cursor: string | null = null
  do {
    const query: string = cursor ? `?limit=${limit}&cursor=${cursor}` : `?limit=${limit}`
    const res = await t.inject({ url: `${url}${query}`, token })
    expect(res.statusCode, res.body).toBe(200)
    const page = pageSchema(item).parse(res.json())
    pages.push(page.items)
    cursor = page.nextCursor
  } while (cursor !== null)
  return pages
}

describe("GET /v1/u/:username/medias in pages", () => {
  it("gives a subscriber every photo once, newest first, as the whole list gives them", async () => {
    const fan = await subscriber()
    const url = `/v1/u/${creator.username}/medias`
    const whole = z.array(MediaSchema).parse((await t.inject({ url, token: fan.token })).json())
    expect(whole).toHaveLength(26)
    const pages = await allPages(url, fan.token, MediaSchema, 4)
    expect(pages.map((page) => page.length)).toEqual([4, 4, 4, 4, 4, 4, 2])
    // The same items, signed for her as the whole list signs them.
    expect(pages.flat()).toEqual(whole)
  })

  it("sends 12 photos by default, the grid's first screen", async () => {
    const fan = await subscriber()
    const res = await t.inject({
      url: `/v1/u/${creator.username}/medias?limit=12`,
      token: fan.token,
    })
    const page = pageSchema(MediaSchema).parse(res.json())
    expect(page.items).toHaveLength(12)
    const next = await t.inject({
      url: `/v1/u/${creator.username}/medias?cursor=${page.nextCursor}`,
      token: fan.token,
    })
    expect(pageSchema(MediaSchema).parse(next.json()).items).toHaveLength(12)
  })

  it("keeps the access rules: 401 without login, 403 without a subscription", async () => {
    const url = `/v1/u/${creator.username}/medias?limit=3`
    expect((await t.inject({ url })).statusCode).toBe(401)
    const stranger = await t.createAccount()
    const refused = await t.inject({ url, token: stranger.token })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: "subscription_required" })
  })

  it("answers a bad cursor or limit with a 400 in pt-BR", async () => {
    const fan = await subscriber()
    for (const [query, field] of [
      ["cursor=abc", "cursor"],
      ["cursor=MjAyNnwnIG9yIDE9MQ", "cursor"],
      ["limit=-1", "limit"],
      ["limit=101", "limit"],
    ]) {
      const res = await t.inject({
        url: `/v1/u/${creator.username}/medias?${query}`,
        token: fan.token,
      })
      expect(res.statusCode, query).toBe(400)
      expect(res.json(), query).toMatchObject({ field })
    }
  })
})

describe("GET /v1/u/:username/stories in pages", () => {
  it("gives a subscriber the stories oldest first, page by page, as the whole list", async () => {
    const fan = await subscriber()
    const url = `/v1/u/${creator.username}/stories`
    const whole = z.array(StorySchema).parse((await t.inject({ url, token: fan.token })).json())
    const pages = await allPages(url, fan.token, StorySchema, 3)
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1])
    expect(pages.flat()).toEqual(whole)
    expect(pages.flat().every((story) => story.stats === undefined)).toBe(true)
  })

  it("gives the creator who saw each story, and a stranger nothing", async () => {
    const pages = await allPages(`/v1/stories/${creator.username}`, creator.token, StorySchema, 5)
    expect(pages.flat().map((story) => story.stats)).toEqual(Array(7).fill({ users: 0 }))
    const stranger = await t.createAccount()
    const res = await t.inject({
      url: `/v1/u/${creator.username}/stories?limit=5`,
      token: stranger.token,
    })
    expect(res.statusCode).toBe(403)
  })
})
