import { rmSync } from "node:fs"
import path from "node:path"
import { brotliDecompressSync } from "node:zlib"
import { eq } from "drizzle-orm"
import Fastify from "fastify"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { profiles } from "../../db/schema.ts"
import { bannerImageSizes } from "../../../../src/domain/images.ts"
import { fileField, multipart } from "../../../test/studio-testing.ts"
import { createTestApp, tinyPng, type TestApp, type TestCreator } from "../../../test/test-app.ts"
import { builtApp } from "../../../test/built-app.ts"
import { createCreatorChanges, type CreatorChanges } from "../../cache/creator-changes.ts"
import { createPages } from "./pages.ts"

// The built index.html and the build's record of each page's chunks (build/early-start.ts), in
// miniature; the renderer is the app's own source (vite build bundles it to dist-ssr).
const earlyStart = "/assets/early-start-Ab1.js"
const template = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Closer - Plataforma de Close Friends</title>
    <script type="module" crossorigin src="/assets/index-Ab1.js"></script>
    <script src="${earlyStart}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

// Each route page's chunks beyond the entry's, as the build records them.
const routeChunks = {
  "src/app/creator-page/routes/creator-layout-route.tsx": ["/assets/creator-Ab1.js"],
  "src/app/creator-page/routes/stories-route.tsx": [
    "/assets/stories-route-Ab1.js",
    "/assets/creator-Ab1.js",
    "/assets/dialog-Ab1.js",
  ],
}

const renderer = path.resolve("src/app/ssr/render-page.tsx")
let t: TestApp
let distDir: string
let creator: TestCreator
let subscriber: { token: string }

beforeAll(async () => {
  distDir = builtApp(template, { earlyStart, routeChunks })
  t = await createTestApp({
    config: { distDir, pageRenderer: renderer },
  })
  creator = await t.createCreator({
    username: "paginas",
    fullName: "Paula Páginas",
    bio: "Bastidores só para o Close Friends",
  })
  await t.createMedia(creator.profileId, { description: "Foto só para assinantes" })
  const story = await t.createStory(creator.profileId)
  await t.createHighlight(creator.profileId, "Viagens", [story.id])
  const account = await t.createAccount()
  await t.createSubscription({ accountId: account.id, profileId: creator.profileId })
  subscriber = account
}, 120_000)

afterAll(async () => {
  await t.close()
  rmSync(distDir, { recursive: true, force: true })
})

/** A front serving the pages from memory for a minute, as PUBLIC_CACHE_MS makes it. */
async function keptPages(creatorChanges?: CreatorChanges) {
  const front = Fastify()
  const pages = await createPages(t.app, { distDir, renderer, cacheMs: 60_000, creatorChanges })
  front.get("/*", async (request, reply) =>
    (await pages!.serve(request, reply)) ? reply : reply.code(204).send(),
  )
  return front
}

/** The JSON the page hands to the browser. */
const pageState = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1] ?? "null",
  ) as {
    data: Array<[unknown[], unknown]>
    router: { pathname: string; matches: Array<{ id: string; params: object; pathname: string }> }
  } | null

describe("pages rendered by the server", () => {
  it("draws a creator's profile as a visitor sees it, with the data the browser takes over", async () => {
    const res = await t.inject({ url: "/paginas", headers: { "accept-encoding": "identity" } })
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-type"]).toMatch(/text\/html/)
    expect(res.headers["cache-control"]).toBe("no-cache")
    const html = res.body
    expect(html).toContain("<title>@paginas</title>")
    expect(html).toContain("Paula Páginas")
    expect(html).toContain("Bastidores só para o Close Friends")
    expect(html).toContain("Assinar Close Friends")
    // The route's code is asked for once this is painted, never before it (src/app/main.tsx).
    expect(html).not.toContain('rel="modulepreload"')
    // The early script would ask for what the page already carries.
    expect(html).not.toContain(earlyStart)
    const keys = pageState(html)?.data.map(([key]) => key[0])
    expect(keys).toEqual(expect.arrayContaining(["profile", "highlights", "stats", "subscription"]))
  })

  it("gives a first visit the anti-forgery cookie, on an answer no shared cache keeps", async () => {
    const first = await t.inject({ url: "/paginas", xsrf: false })
    const cookie = first.cookies.find((c) => c.name === "XSRF-TOKEN")
    expect(cookie?.value).toMatch(/^[\w-]{43}$/)
    expect(cookie?.sameSite).toBe("Lax")
    expect(first.headers["cache-control"]).toBe("private, no-cache")
    // So the page's first write, its visit event, goes without a read to obtain the cookie.
    const visit = await t.inject({
      method: "POST",
      url: "/v1/events",
      xsrf: false,
      cookies: { "XSRF-TOKEN": cookie?.value ?? "" },
      headers: { "x-xsrf-token": cookie?.value ?? "" },
      payload: { name: "profile", username: "paginas" },
    })
    expect(visit.statusCode).toBe(200)
    // A browser that has it keeps it, and the page stays one for everyone.
    const again = await t.inject({ url: "/paginas" })
    expect(again.cookies.find((c) => c.name === "XSRF-TOKEN")).toBeUndefined()
    expect(again.headers["cache-control"]).toBe("no-cache")
    expect(again.body).toBe(first.body)
  })

  it("draws the checkout and the landing too", async () => {
    const checkout = await t.inject({ url: "/paginas/checkout" })
    expect(checkout.statusCode).toBe(200)
    expect(checkout.body).toContain("Escolha um plano")
    expect(checkout.body).not.toContain('rel="modulepreload"')
    // The routes it matched, so the browser takes over without matching again.
    const { router } = pageState(checkout.body)!
    expect(router.pathname).toBe("/paginas/checkout")
    expect(router.matches.map((match) => match.pathname)).toEqual([
      "/",
      "/paginas",
      "/paginas/checkout",
    ])
    expect(router.matches.at(-1)).toMatchObject({ params: { username: "paginas" } })
    expect(new Set(router.matches.map((match) => match.id)).size).toBe(3)
    const landing = await t.inject({ url: "/" })
    expect(landing.statusCode).toBe(200)
    expect(landing.body).toContain("Quero criar o meu Close Friends")
    expect(landing.body).toContain('<div id="root"><')
  })

  it("never puts a subscriber's content in the page, whoever asks for it", async () => {
    const visitor = await t.inject({ url: "/paginas" })
    const reader = await t.inject({ url: "/paginas", token: subscriber.token })
    expect(reader.statusCode).toBe(200)
    // One page for everyone: the reader's browser draws their own view once it runs.
    expect(reader.body).toBe(visitor.body)
    expect(reader.body).toContain("Conteúdo exclusivo para assinantes")
    expect(reader.body).not.toContain("Foto só para assinantes")
    expect(reader.body).not.toMatch(/\/stories\//)
    // The API does give the subscriber those, so their absence is the page's doing.
    const medias = await t.inject({ url: "/v1/u/paginas/medias", token: subscriber.token })
    expect(medias.body).toContain("Foto só para assinantes")
  })

  it("blocks an unknown creator's area with a not-found page, and never answers 500", async () => {
    const res = await t.inject({ url: "/ninguem-aqui" })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain("Não foi possível abrir este perfil")
    expect(res.body).toContain("<title>Closer - Plataforma de Close Friends</title>")
    for (const url of [
      "/ninguem-aqui/checkout",
      "/a",
      "/%E0%A4%A",
      "/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      `/${"x".repeat(300)}`,
      "/..%2F..%2Fetc%2Fpasswd",
      "/paginas%00",
      "/@@/checkout?plan=%ZZ",
    ]) {
      const answer = await t.inject({ url })
      expect(answer.statusCode, url).toBeLessThan(500)
      expect(answer.body, url).not.toContain("<script>alert(1)")
    }
  })

  it("answers an address the app does not know with 404 and the page that says so", async () => {
    for (const url of ["/assets/nao-existe-Ab1.js", "/paginas/foto.png", "/x/y/z/arquivo.php"]) {
      const res = await t.inject({ url, headers: { "accept-encoding": "identity" } })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers["content-type"], url).toMatch(/text\/html/)
      expect(res.body, url).toContain("<title>Página não encontrada</title>")
      expect(res.body, url).toMatch(/<h1[^>]*>Página não encontrada<\/h1>/)
      expect(res.body, url).toContain('href="/"')
      expect(pageState(res.body), url).not.toBeNull()
    }
    // Any other path under an unknown creator is blocked like her profile, with its 404.
    const unknown = await t.inject({ url: "/ninguem-aqui/nada/mesmo" })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain("Não foi possível abrir este perfil")
    // Under a creator who exists it still leads to her profile (spec §2), in the browser.
    const known = await t.inject({ url: "/paginas/nao-existe" })
    expect(known.statusCode).toBe(200)
    expect(known.body).toContain('<div id="root"></div>')
  })

  it("draws the lead form, the legal pages and the sign-in and recovery steps, titled", async () => {
    const pages: Array<[url: string, text: string, title: string]> = [
      ["/tenho-interesse", "Tem interesse em criar o seu Close Friends?", "Tenho Interesse"],
      ["/doc/terms", "Termos de uso", "Termos de uso"],
      ["/doc/privacy", "Política de Privacidade", "Política de Privacidade"],
      ["/paginas/auth/email", "Paula Páginas", "@paginas"],
      ["/paginas/auth/recovery/email", "Paula Páginas", "@paginas"],
      // Without the e-mail, which only the browser remembers: it fills in once the app runs.
      ["/paginas/auth/password", "Digite a sua senha", "@paginas"],
      ["/paginas/auth/register/password", "Paula Páginas", "@paginas"],
      // As a visitor sees them: the app sends a signed-in member on, or names her account.
      ["/studio/entrar", "Entrar no estúdio", "Estúdio"],
      ["/admin/entrar?redirectTo=%2Fadmin%2Fcriadoras", "Entrar na operação", "Operação"],
    ]
    for (const [url, text, title] of pages) {
      const res = await t.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain(text)
      expect(res.body, url).toMatch(new RegExp(`<title>[^<]*${title}[^<]*</title>`))
      expect(res.body, url).not.toContain('<div id="root"></div>')
      expect(pageState(res.body)?.router.pathname, url).toBe(url.split("?")[0])
    }
  })

  it("leaves pages it does not draw, and redirects, to the browser's app", async () => {
    for (const url of ["/paginas/stories", "/@paginas", "/studio"]) {
      const res = await t.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<div id="root"></div>')
      expect(res.body, url).toContain(earlyStart)
    }
  })

  it("names the chunks of a page the browser draws, so they download with the entry", async () => {
    const res = await t.inject({ url: "/paginas/stories", headers: { "accept-encoding": "br" } })
    expect(res.statusCode).toBe(200)
    expect(res.headers["content-encoding"]).toBe("br")
    const html = brotliDecompressSync(res.rawPayload).toString()
    expect(html).toContain('<div id="root"></div>')
    expect(html).toContain(earlyStart)
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)]
    expect(preloaded.map((match) => match[1])).toEqual([
      "/assets/creator-Ab1.js",
      "/assets/stories-route-Ab1.js",
      "/assets/dialog-Ab1.js",
    ])
    expect(html.indexOf("modulepreload")).toBeLessThan(html.indexOf("</head>"))

    // A page without route code of its own, and an address naming a file, get index.html as is.
    for (const url of ["/paginas/nada.png", "/studio"]) {
      const plain = await t.inject({ url })
      expect(plain.body, url).not.toContain('rel="modulepreload"')
    }
    expect((await t.inject({ url: "/paginas/nada.png" })).statusCode).toBe(404)
  })

  it("sends the page compressed to browsers that accept it", async () => {
    const res = await t.inject({ url: "/paginas", headers: { "accept-encoding": "gzip, br" } })
    expect(res.headers["content-encoding"]).toBe("br")
    expect(res.headers.vary).toMatch(/Accept-Encoding/)
  })

  it("serves a launch's crowd one page from memory for as long as the public reads are kept", async () => {
    const front = await keptPages()
    const first = await front.inject({ url: "/paginas" })
    expect(first.body).toContain("Bastidores só para o Close Friends")
    await t.db.update(profiles).set({ bio: "Bio nova" }).where(eq(profiles.id, creator.profileId))
    expect((await t.inject({ url: "/v1/profile/paginas" })).json().bio).toBe("Bio nova")
    expect((await front.inject({ url: "/paginas" })).body).toBe(first.body)
    // Without the cache (as in the rest of this file), each visit renders afresh.
    expect((await t.inject({ url: "/paginas" })).body).toContain("Bio nova")
    await front.close()
  })

  it("draws the choose-password form without the link's code, and keeps no code in memory", async () => {
    const front = await keptPages()
    const withCode = await front.inject({ url: "/choose-password?code=Segredo123&redirectTo=/x" })
    expect(withCode.statusCode).toBe(200)
    expect(withCode.body).toContain("Escolha uma senha")
    expect(withCode.body).toContain("Nova senha")
    expect(withCode.body).not.toContain("Senha atual")
    expect(withCode.body).not.toContain("Segredo123")
    expect(withCode.body).toMatch(/<button[^>]*type="submit"[^>]*disabled/)
    const withoutCode = await front.inject({ url: "/choose-password" })
    expect(withoutCode.body).toContain("Senha atual")

    // Every link's code shares one kept page: a wave of new buyers' links pushes no other out.
    const kept = await t.createCreator({ username: "guardada", fullName: "Nome Guardado" })
    expect((await front.inject({ url: "/guardada" })).body).toContain("Nome Guardado")
    await t.db
      .update(profiles)
      .set({ fullName: "Nome Novo" })
      .where(eq(profiles.id, kept.profileId))
    for (let i = 0; i < 600; i += 1)
      await front.inject({ url: `/choose-password?code=Codigo${i}&redirectTo=/guardada` })
    expect((await front.inject({ url: "/guardada" })).body).toContain("Nome Guardado")
    await front.close()
  })

  it("draws a creator's kept pages again as soon as she changes, and keeps the others'", async () => {
    const creatorChanges = createCreatorChanges()
    const front = await keptPages(creatorChanges)
    const [changing, neighbour] = await Promise.all([
      t.createCreator({ username: "mudanca", fullName: "Nome Antigo" }),
      t.createCreator({ username: "vizinha", fullName: "Vizinha Antiga" }),
    ])
    const urls = ["/mudanca", "/Mudanca/checkout?utm_source=bio", "/vizinha"]
    for (const url of urls) expect((await front.inject({ url })).statusCode, url).toBe(200)
    for (const { profileId } of [changing, neighbour])
      await t.db.update(profiles).set({ fullName: "Nome Novo" }).where(eq(profiles.id, profileId))

    creatorChanges.changed("mudanca")
    expect((await front.inject({ url: urls[0] })).body).toContain("Nome Novo")
    expect((await front.inject({ url: urls[1] })).body).toContain("Nome Novo")
    expect((await front.inject({ url: urls[2] })).body).toContain("Vizinha Antiga")
    await front.close()
  })
})

describe("the banner's preload", () => {
  it("names the banner's AVIF renditions and the width the page draws it at", async () => {
    const banner = await sharp({
      create: { width: 1200, height: 400, channels: 3, background: "#1f8a4c" },
    })
      .jpeg()
      .toBuffer()
    const owner = await t.createCreator({ username: "com.banner" })
    const uploaded = await t.inject({
      method: "POST",
      url: "/v1/profile/images?for=banner",
      token: owner.token,
      ...multipart(fileField(banner, "banner.jpg", "image/jpeg")),
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const patched = await t.inject({
      method: "PATCH",
      url: "/v1/profile",
      token: owner.token,
      payload: { bannerPic: uploaded.json().key },
    })
    expect(patched.statusCode, patched.body).toBe(200)

    const html = (
      await t.inject({ url: "/com.banner", headers: { "accept-encoding": "identity" } })
    ).body
    // The head's preload (the page's markup may carry React's own for its <img>).
    const head = html.slice(0, html.indexOf('<div id="root">'))
    const links = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? []
    expect(links).toHaveLength(1)
    const link = links[0]!
    expect(link).toContain('type="image/avif"')
    expect(link).toContain('fetchpriority="high"')
    expect(link).toContain(`imagesizes="${bannerImageSizes}"`)
    expect(link).toMatch(
      /imagesrcset="[^"]+-640\.avif\?exp=[^"]+ 640w, [^"]+-1080\.avif\?exp=[^"]+ 1080w"/,
    )
    expect(link).not.toContain(" href=")
  })

  it("keeps a plain preload for a banner stored before it had renditions", async () => {
    const owner = await t.createCreator({ username: "banner.antigo" })
    const key = `p/${owner.profileId}/images/antigo.png`
    await t.storage.put(key, tinyPng)
    await t.db.update(profiles).set({ bannerPicKey: key }).where(eq(profiles.id, owner.profileId))
    const html = (
      await t.inject({ url: "/banner.antigo", headers: { "accept-encoding": "identity" } })
    ).body
    expect(html).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" href="[^"]+antigo\.png/,
    )
    expect(html).not.toContain("imagesrcset")
  })
})
