import { describe, expect, it } from "vitest"
import { bannerImageSizes } from "../../domain/images.ts"
import type { Profile } from "../../domain/models.ts"
import { makeProfile, makeStats } from "../../testing/fixtures/profile.ts"
import { readerPage, renderPage, type PublicRead } from "./render-page.tsx"

/** The public reads of a visitor opening @demo's profile. */
function readOf(profile: Profile): PublicRead {
  const answers: Record<string, unknown> = {
    "/profile/demo": profile,
    "/u/demo/highlights": [],
    "/u/demo/stats": makeStats(),
  }
  return async (path) =>
    path in answers
      ? { status: 200, body: answers[path] }
      : { status: 404, body: { message: "Recurso não encontrado." } }
}

const escaped = (value: string) => value.replaceAll("&", "&amp;")
const bannerOf = (html: string) => /<div data-slot="banner"[^]*?<\/picture>/.exec(html)?.[0] ?? ""

describe("a profile drawn on the server", () => {
  it("draws the banner's renditions with the sizes the server's preload names too", async () => {
    const profile = makeProfile()
    const set = profile.bannerPicImage!
    const page = (await renderPage("/demo", readOf(profile)))!

    expect(page.image).toBe(set.src)
    expect(page.imageSet).toEqual(set)
    const banner = bannerOf(page.html)
    expect(banner).toContain(
      `<source type="image/avif" srcSet="${escaped(set.avif)}" sizes="${bannerImageSizes}"`,
    )
    expect(banner).toContain(`sizes="${bannerImageSizes}"`)
    expect(banner).toContain('fetchPriority="high"')
    expect(banner).toContain('loading="eager"')
  })

  it("preloads the plain banner of a profile whose banner has no renditions yet", async () => {
    const profile = makeProfile({ bannerPicImage: undefined })
    const page = (await renderPage("/demo", readOf(profile)))!

    expect(page.image).toBe(profile.bannerPic)
    expect(page.imageSet).toBeNull()
    const banner = bannerOf(page.html)
    expect(banner).toContain(`src="${escaped(profile.bannerPic!)}"`)
    expect(banner).not.toContain("<source")
  })

  it("names no picture for a profile without a banner", async () => {
    const page = (await renderPage("/demo", readOf(makeProfile({ bannerPic: null }))))!
    expect(page.image).toBeNull()
    expect(page.imageSet).toBeNull()
  })
})

describe("the reads a server-drawn page makes", () => {
  /** The paths `url`'s rendering read. */
  async function readsOf(url: string) {
    const read = readOf(makeProfile())
    const paths: string[] = []
    const page = await renderPage(url, async (path) => {
      paths.push(path)
      return read(path)
    })
    expect(page?.status).toBe(200)
    return paths.sort()
  }

  it("reads the highlights and the counts for the profile, which shows them", async () => {
    expect(await readsOf("/demo")).toEqual(["/profile/demo", "/u/demo/highlights", "/u/demo/stats"])
  })

  it("reads only the profile for the checkout, which shows neither", async () => {
    expect(await readsOf("/demo/checkout")).toEqual(["/profile/demo"])
  })
})

describe("the staff's sign-in pages drawn on the server", () => {
  const nothingRead: PublicRead = async () => ({ status: 404, body: {} })

  it("draws the studio's and the operator's forms as a visitor sees them, sent only once the app runs", async () => {
    for (const [url, heading, title] of [
      ["/studio/entrar", "Entrar no estúdio", "Estúdio"],
      ["/admin/entrar?redirectTo=%2Fadmin%2Fcriadoras", "Entrar na operação", "Operação"],
    ] as const) {
      const page = (await renderPage(url, nothingRead))!
      expect(page.status, url).toBe(200)
      expect(page.page, url).toBe("sign-in")
      expect(page.title, url).toBe(title)
      expect(page.html, url).toContain(heading)
      expect(page.html, url).toContain('autoComplete="current-password"')
      expect(page.html, url).toMatch(/<button [^>]*type="submit"[^>]* disabled="">Entrar</)
      // Who is signed in only the browser knows: it names a wrong account, or sends her on.
      expect(page.html, url).not.toContain("Sair desta conta")
      expect(page.stateScript, url).toContain('"wrongAccount":null')
    }
  })
})

describe("a buyer's own payment pages", () => {
  it("are the Pix code and the payment status alone", () => {
    expect(readerPage("/demo/checkout/qrcodeurl?code=CUPOM")).toBe(true)
    expect(readerPage("/demo/payment/status")).toBe(true)
    for (const url of ["/demo", "/demo/checkout", "/demo/payment", "/demo/setting", "/"])
      expect(readerPage(url), url).toBe(false)
  })

  it("are left to the browser when no reader's pass came with the request", async () => {
    const read = readOf(makeProfile())
    expect(await renderPage("/demo/checkout/qrcodeurl", read)).toBeNull()
    expect(await renderPage("/demo/payment/status", read)).toBeNull()
  })
})
