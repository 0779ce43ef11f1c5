import { existsSync } from "node:fs"
import { readdir } from "node:fs/promises"
import path from "node:path"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ProfileSchema, ProfileStatsSchema } from "../../../../src/domain/models.ts"
import { profiles } from "../../db/schema.ts"
import { storageKeysOf } from "../../adapters/images/image-ref.ts"
import { createTestApp, tinyPng, type TestApp } from "../../../test/test-app.ts"

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function multipart(field: string, filename: string, content: Buffer, contentType: string) {
  const boundary = "----closer-test-boundary"
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  }
}

describe("GET /v1/profile/:username and /v1/:username/profile", () => {
  it("returns the wire Profile with plans in order, prices in cents and in reais", async () => {
    const creator = await t.createCreator({
      username: "luna",
      fullName: "Luna Alves",
      verified: true,
      plans: { SEMIANNUAL: 14990, MONTHLY: 2990, QUARTERLY: 7990 },
    })
    for (const url of [
      "/v1/profile/luna",
      "/v1/luna/profile",
      "/v1/profile/@Luna",
      "/v1/@luna/profile",
    ]) {
      const res = await t.inject({ url })
      expect(res.statusCode, url).toBe(200)
      const profile = ProfileSchema.parse(res.json())
      expect(profile).toMatchObject({
        _id: creator.profileId,
        username: "luna",
        fullName: "Luna Alves",
        verified: true,
        paymentGateway: "iugu",
        migrating: false,
        banned: false,
        pix: null,
        account: { username: "luna", fullName: "Luna Alves", verified: true },
        billing: { name: "Luna Alves" },
      })
      expect(profile.plans.map((p) => [p.name, p.valueCents])).toEqual([
        ["MONTHLY", 2990],
        ["QUARTERLY", 7990],
        ["SEMIANNUAL", 14990],
      ])
      expect(profile.subscription.plans).toEqual([
        { name: "MONTHLY", value: 29.9 },
        { name: "QUARTERLY", value: 79.9 },
        { name: "SEMIANNUAL", value: 149.9 },
      ])
      expect(profile.subscription.paymentMethods).toContain("pix")
    }
  })

  it("answers 404 Perfil não encontrado for an unknown username", async () => {
    const res = await t.inject({ url: "/v1/profile/ninguem" })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: "Perfil não encontrado", code: "profile_not_found" })
  })

  it("flags a banned creator and sells nothing", async () => {
    await t.createCreator({ username: "banida", banned: true })
    const profile = ProfileSchema.parse((await t.inject({ url: "/v1/profile/banida" })).json())
    expect(profile).toMatchObject({ banned: true, plans: [], bio: "", pix: null })
    expect(profile.subscription).toEqual({ plans: [], paymentMethods: [] })
    expect((await t.inject({ url: "/v1/u/banida/stats" })).statusCode).toBe(404)
  })
})

describe("the anti-forgery cookie on public reads", () => {
  it("is set by a first visitor's profile and counts, privately, and not again once held", async () => {
    const creator = await t.createCreator()
    for (const url of [`/v1/profile/${creator.username}`, `/v1/u/${creator.username}/stats`]) {
      const first = await t.inject({ url, xsrf: false })
      expect(first.statusCode, url).toBe(200)
      expect(
        first.cookies.map((cookie) => cookie.name),
        url,
      ).toEqual(["XSRF-TOKEN"])
      expect(first.headers["cache-control"], url).toBe("private")
      const back = await t.inject({
        url,
        xsrf: false,
        cookies: { "XSRF-TOKEN": first.cookies[0]!.value },
      })
      expect(back.statusCode, url).toBe(200)
      expect(back.cookies, url).toEqual([])
    }
  })
})

describe("GET /v1/u/:username/stats", () => {
  it("counts medias, highlights and stories for anyone", async () => {
    const creator = await t.createCreator()
    const story = await t.createStory(creator.profileId)
    await t.createStory(creator.profileId)
    await t.createMedia(creator.profileId)
    await t.createHighlight(creator.profileId, "Viagens", [story.id])
    const res = await t.inject({ url: `/v1/u/${creator.username}/stats` })
    expect(res.statusCode).toBe(200)
    expect(ProfileStatsSchema.parse(res.json())).toEqual({ medias: 1, highlights: 1, stories: 2 })
  })
})

describe("PATCH /v1/profile", () => {
  it("lets a creator edit her own name, bio and username", async () => {
    const creator = await t.createCreator()
    const res = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: creator.token,
      payload: { fullName: "  Nome Novo ", bio: "Bio nova", username: "Nome.Novo" },
    })
    expect(res.statusCode).toBe(200)
    expect(ProfileSchema.parse(res.json())).toMatchObject({
      fullName: "Nome Novo",
      bio: "Bio nova",
      username: "nome.novo",
    })
    expect((await t.inject({ url: "/v1/profile/nome.novo" })).statusCode).toBe(200)
  })

  it("refuses a multipart body with 415 in pt-BR: only the upload reads multipart", async () => {
    const creator = await t.createCreator()
    const res = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: creator.token,
      ...multipart("file", "foto.png", tinyPng, "image/png"),
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({
      message: "Tipo de conteúdo não suportado.",
      code: "unsupported_media_type",
    })
  })

  it("answers 409 when the username is taken", async () => {
    await t.createCreator({ username: "ocupado" })
    const creator = await t.createCreator()
    for (const username of [
      "ocupado",
      "Ocupado",
      "tenho-interesse",
      "docs",
      "subscription",
      "studio",
    ]) {
      const res = await t.inject({
        method: "PATCH",
        url: "/v1/profile",
        token: creator.token,
        payload: { username },
      })
      expect(res.statusCode, username).toBe(409)
      expect(res.json()).toEqual({
        message: "Este nome de usuário já está em uso",
        code: "username_taken",
        field: "username",
      })
    }
  })

  it("validates fields in pt-BR and writes nothing", async () => {
    const creator = await t.createCreator({ fullName: "Antes" })
    const cases = [
      [{ username: "ab" }, "username", "Inválido"],
      [{ username: "tem espaço" }, "username", "Inválido"],
      [{ fullName: "" }, "fullName", "Obrigatório"],
      [{ fullName: "   " }, "fullName", "Obrigatório"],
      [{ fullName: "a".repeat(81) }, "fullName", "Inválido"],
      [{ bio: "x".repeat(501) }, "bio", "A bio pode ter até 500 caracteres"],
      [{ bio: 42 }, "bio", "Inválido"],
      [{ profilePic: 42 }, "profilePic", "Inválido"],
      [{ profilePic: `p/${creator.profileId}/${"x".repeat(200)}.png` }, "profilePic", "Inválido"],
      [{ bannerPic: { key: "p/x.png" } }, "bannerPic", "Inválido"],
      [{ bannerPic: "b".repeat(201) }, "bannerPic", "Inválido"],
    ] as const
    for (const [payload, field, message] of cases) {
      const res = await t.inject({
        method: "PATCH",
        url: "/v1/profile",
        token: creator.token,
        payload,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message, code: "validation_error", field })
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(row).toMatchObject({ fullName: "Antes", profilePicKey: null, bannerPicKey: null })
  })

  it("refuses an edit without the anti-forgery header in pt-BR and writes nothing", async () => {
    const creator = await t.createCreator({ fullName: "Antes" })
    for (const attempt of [
      { xsrf: false },
      { xsrf: false, cookies: { "XSRF-TOKEN": "do-navegador" } },
      {
        xsrf: false,
        cookies: { "XSRF-TOKEN": "do-navegador" },
        headers: { "x-xsrf-token": "de-outro-site" },
      },
    ]) {
      const res = await t.inject({
        method: "PATCH",
        url: "/v1/profile",
        token: creator.token,
        payload: { fullName: "Depois", bio: "Forjada" },
        ...attempt,
      })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({
        message:
          "Não foi possível validar a sua requisição. Recarregue a página e tente novamente.",
        code: "xsrf_rejected",
      })
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, creator.profileId))
    expect(row).toMatchObject({ fullName: "Antes", bio: "Bio de teste" })
  })

  it("refuses visitors (401) and followers (403)", async () => {
    const follower = await t.createAccount()
    expect(
      (await t.inject({ method: "PATCH", url: "/v1/profile", payload: { bio: "x" } })).statusCode,
    ).toBe(401)
    const res = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: follower.token,
      payload: { bio: "x" },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe("forbidden_role")
  })

  it("sets an uploaded avatar, but never another creator's file", async () => {
    const creator = await t.createCreator()
    const other = await t.createCreator()
    const upload = await t.inject({
      method: "POST",
      url: "/v1/profile/images",
      token: creator.token,
      ...multipart("file", "eu.jpg", tinyPng, "image/jpeg"),
    })
    expect(upload.statusCode).toBe(200)
    const { key, url } = upload.json()
    // The renditions' ref: a 1 px image gives one 1 px width.
    expect(key).toMatch(new RegExp(`^img:p/${creator.profileId}/images/[0-9a-f-]+:1x1:1$`))
    expect((await t.inject({ url })).statusCode).toBe(200)

    const set = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: creator.token,
      payload: { profilePic: key },
    })
    expect(set.statusCode).toBe(200)
    expect(set.json().profilePic).toMatch(/^\/v1\/files\/p\/.+\?exp=\d+&sig=/)

    const stolen = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: other.token,
      payload: { bannerPic: key },
    })
    expect(stolen.statusCode).toBe(422)
    expect(stolen.json()).toEqual({
      message: "Imagem não encontrada. Envie a imagem novamente.",
      code: "file_not_found",
      field: "bannerPic",
    })

    const cleared = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: creator.token,
      payload: { profilePic: null },
    })
    expect(cleared.json().profilePic).toBeNull()
    // A picture the profile no longer shows leaves none of its files behind.
    expect(storageKeysOf(key)).toHaveLength(3)
    for (const file of storageKeysOf(key)) expect(await t.storage.stat(file), file).toBeNull()
  })

  it("accepts only real images by their bytes, whatever the file name says", async () => {
    const creator = await t.createCreator()
    const fake = await t.inject({
      method: "POST",
      url: "/v1/profile/images",
      token: creator.token,
      ...multipart("file", "foto.png", Buffer.from("<script>alert(1)</script>"), "image/png"),
    })
    expect(fake.statusCode).toBe(422)
    expect(fake.json()).toEqual({
      message: "Apenas imagens são permitidas.",
      code: "invalid_file_type",
      field: "file",
    })

    const none = await t.inject({
      method: "POST",
      url: "/v1/profile/images",
      token: creator.token,
      payload: "--b--\r\n",
      headers: { "content-type": "multipart/form-data; boundary=b" },
    })
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe("Nenhum arquivo foi selecionado")

    const notMultipart = await t.inject({
      method: "POST",
      url: "/v1/profile/images",
      token: creator.token,
      payload: { file: "x" },
    })
    expect(notMultipart.statusCode).toBe(415)
  })

  it("takes images up to 10 MB, answering 413 in pt-BR above and storing nothing", async () => {
    const creator = await t.createCreator()
    const images = path.join(t.mediaDir, "p", creator.profileId, "images")
    const upload = (content: Buffer) =>
      t.inject({
        method: "POST",
        url: "/v1/profile/images",
        token: creator.token,
        ...multipart("file", "grande.png", content, "image/png"),
      })
    const tooBig = await upload(Buffer.concat([tinyPng, Buffer.alloc(10 * 1024 * 1024)]))
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toEqual({
      message: "A imagem pode ter até 10 MB.",
      code: "file_too_large",
      field: "file",
    })
    expect(existsSync(images)).toBe(false)

    const atLimit = await upload(
      Buffer.concat([tinyPng, Buffer.alloc(10 * 1024 * 1024 - tinyPng.length)]),
    )
    expect(atLimit.statusCode).toBe(200)
    // Its one width in AVIF, WebP and JPEG.
    expect(await readdir(images)).toHaveLength(3)
  })
})
