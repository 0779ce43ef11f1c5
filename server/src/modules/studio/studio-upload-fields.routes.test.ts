import { readdir } from "node:fs/promises"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { medias, stories } from "../../db/schema.ts"
import { createTestApp, type TestApp } from "../../../test/test-app.ts"
import { fileField, multipart, sampleJpeg } from "../../../test/studio-testing.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ config: { ffmpegPath: null } })
})
afterAll(() => t.close())

/** Every file in storage, by its path under the media folder. */
async function storedFiles() {
  const entries = await readdir(t.mediaDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`)
    .sort()
}

const refused = {
  message: "Requisição inválida: caractere não permitido.",
  code: "invalid_character",
  field: "description",
}

describe("text fields of a studio upload with a NUL character", () => {
  it("refuses a photo whose caption holds NUL, before or after the file, storing nothing", async () => {
    const creator = await t.createCreator()
    const before = await storedFiles()
    const caption = { name: "description", value: "Pôr do sol\u0000" }
    const photo = fileField(sampleJpeg, "foto.jpg", "image/jpeg")
    for (const parts of [
      [caption, photo],
      [photo, caption],
    ]) {
      const res = await t.inject({
        method: "POST",
        url: "/v1/studio/medias",
        token: creator.token,
        ...multipart(...parts),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(refused)
    }
    expect(await storedFiles()).toEqual(before)
    expect(await t.db.$count(medias, eq(medias.profileId, creator.profileId))).toBe(0)

    // The same photo with a clean caption is published: the refusal was about the text alone.
    const ok = await t.inject({
      method: "POST",
      url: "/v1/studio/medias",
      token: creator.token,
      ...multipart({ name: "description", value: "Pôr do sol" }, photo),
    })
    expect(ok.statusCode).toBe(200)
    expect((await storedFiles()).length).toBeGreaterThan(before.length)
  })

  it("refuses a story sent with a NUL in a text field, storing nothing", async () => {
    const creator = await t.createCreator()
    const before = await storedFiles()
    const res = await t.inject({
      method: "POST",
      url: "/v1/studio/stories",
      token: creator.token,
      ...multipart(fileField(sampleJpeg, "story.jpg", "image/jpeg"), {
        name: "description",
        value: "\u0000",
      }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(refused)
    expect(await storedFiles()).toEqual(before)
    expect(await t.db.$count(stories, eq(stories.profileId, creator.profileId))).toBe(0)
  })
})
