import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HighlightSchema } from "../../../../src/domain/models.ts"
import { StudioHighlightSchema } from "../../../../src/domain/studio.ts"
import { highlights } from "../../db/schema.ts"
import { createTestApp, tinyPng, type TestApp } from "../../../test/test-app.ts"
import { fileField, multipart } from "../../../test/studio-testing.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config: { ffmpegPath: null } })
})
afterAll(() => t.close())

const create = (token: string, payload: object) =>
  t.inject({ method: "POST", url: "/v1/studio/highlights", token, payload })

describe("POST /v1/studio/highlights", () => {
  it("creates a highlight with the chosen stories, in order, covered by the first poster", async () => {
    const creator = await t.createCreator()
    const a = await t.createStory(creator.profileId)
    const b = await t.createStory(creator.profileId)
    const res = await create(creator.token, { title: " Viagens ", storyIds: [b.id, a.id] })
    expect(res.statusCode).toBe(200)
    const highlight = StudioHighlightSchema.parse(res.json())
    expect(highlight).toMatchObject({ title: "Viagens", storyIds: [b.id, a.id] })
    // The poster cut 1:1 anew (a 1 px poster gives one 1 px rendition), never a copy of it.
    expect((await t.inject({ url: highlight.cover! })).headers["content-type"]).toBe("image/jpeg")
    expect(highlight.coverImage).toMatchObject({ width: 1, height: 1, src: highlight.cover })

    const follower = await t.createAccount()
    await t.createSubscription({ accountId: follower.id, profileId: creator.profileId })
    const [shown] = HighlightSchema.array().parse(
      (
        await t.inject({ url: `/v1/u/${creator.username}/highlights`, token: follower.token })
      ).json(),
    )
    expect(shown!.stories!.map((s) => s._id)).toEqual([b.id, a.id])
  })

  it("uses an uploaded cover, and keeps it when the story goes away", async () => {
    const creator = await t.createCreator()
    const story = await t.createStory(creator.profileId)
    const image = await t.inject({
      method: "POST",
      url: "/v1/profile/images",
      token: creator.token,
      ...multipart(fileField(tinyPng, "capa.png", "image/png")),
    })
    const res = await create(creator.token, {
      title: "Rotina",
      storyIds: [story.id],
      cover: image.json().key,
    })
    expect(res.statusCode).toBe(200)
    const cover = res.json().cover as string
    await t.inject({
      method: "DELETE",
      url: `/v1/studio/stories/${story.id}`,
      token: creator.token,
    })
    expect((await t.inject({ url: cover })).statusCode).toBe(200)
  })

  it("validates title and stories in pt-BR and writes nothing", async () => {
    const creator = await t.createCreator()
    const story = await t.createStory(creator.profileId)
    const cases = [
      [{ title: "", storyIds: [story.id] }, "title", "Obrigatório"],
      [
        { title: "x".repeat(31), storyIds: [story.id] },
        "title",
        "O título pode ter até 30 caracteres",
      ],
      [{ title: "Ok", storyIds: [] }, "storyIds", "Escolha pelo menos um story"],
    ] as const
    for (const [payload, field, message] of cases) {
      const res = await create(creator.token, payload)
      expect(res.statusCode, message).toBe(400)
      expect(res.json()).toEqual({ message, code: "validation_error", field })
    }
    const foreignCover = await create(creator.token, {
      title: "Ok",
      storyIds: [story.id],
      cover: "p/00000000-0000-4000-8000-000000000000/images/x.png",
    })
    expect(foreignCover.statusCode).toBe(422)
    expect(foreignCover.json()).toMatchObject({ code: "file_not_found", field: "cover" })
    expect(await t.db.$count(highlights, eq(highlights.profileId, creator.profileId))).toBe(0)
  })

  it("refuses another creator's stories (403) and unknown ones (404)", async () => {
    const creator = await t.createCreator()
    const other = await t.createCreator()
    const mine = await t.createStory(creator.profileId)
    const theirs = await t.createStory(other.profileId)
    const stolen = await create(creator.token, { title: "Mix", storyIds: [mine.id, theirs.id] })
    expect(stolen.statusCode).toBe(403)
    expect(stolen.json()).toEqual({ message: "Este conteúdo não é seu.", code: "not_owner" })
    const unknown = await create(creator.token, { title: "Mix", storyIds: [mine.id, "x"] })
    expect(unknown.statusCode).toBe(404)
    expect(await t.db.$count(highlights, eq(highlights.profileId, creator.profileId))).toBe(0)
  })
})

describe("GET, PATCH and DELETE /v1/studio/highlights", () => {
  it("lists in order, renames, changes stories and deletes", async () => {
    const creator = await t.createCreator()
    const a = await t.createStory(creator.profileId)
    const b = await t.createStory(creator.profileId)
    const first = StudioHighlightSchema.parse(
      (await create(creator.token, { title: "Primeiro", storyIds: [a.id] })).json(),
    )
    const second = StudioHighlightSchema.parse(
      (await create(creator.token, { title: "Segundo", storyIds: [b.id] })).json(),
    )
    const list = StudioHighlightSchema.array().parse(
      (await t.inject({ url: "/v1/studio/highlights", token: creator.token })).json(),
    )
    expect(list.map((h) => h.title)).toEqual(["Primeiro", "Segundo"])

    const patched = await t.inject({
      method: "PATCH",
      url: `/v1/studio/highlights/${first._id}`,
      token: creator.token,
      payload: { title: "Renomeado", storyIds: [b.id, a.id] },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ title: "Renomeado", storyIds: [b.id, a.id] })

    const removed = await t.inject({
      method: "DELETE",
      url: `/v1/studio/highlights/${second._id}`,
      token: creator.token,
    })
    expect(removed.json()).toEqual({ deleted: true })
    const after = await t.inject({ url: "/v1/studio/highlights", token: creator.token })
    expect(after.json().map((h: { title: string }) => h.title)).toEqual(["Renomeado"])
  })

  it("answers 403 on another creator's highlight", async () => {
    const owner = await t.createCreator()
    const other = await t.createCreator()
    const story = await t.createStory(owner.profileId)
    const highlight = await t.createHighlight(owner.profileId, "Dela", [story.id])
    for (const method of ["PATCH", "DELETE"] as const) {
      const res = await t.inject({
        method,
        url: `/v1/studio/highlights/${highlight.id}`,
        token: other.token,
        ...(method === "PATCH" ? { payload: { title: "Minha" } } : {}),
      })
      expect(res.statusCode, method).toBe(403)
    }
    const [row] = await t.db.select().from(highlights).where(eq(highlights.id, highlight.id))
    expect(row?.title).toBe("Dela")
  })
})
