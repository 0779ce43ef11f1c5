import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { takeEarlyAnswer } from "../../api/early-answers.ts"
import type { ImageSet } from "../../domain/images.ts"
import { studioBannerSizes, studioStorySizes } from "../../domain/studio-images.ts"
import { startEarly } from "./start-early.ts"

const origin = window.location.origin
const token = "token-1"
const image = (name: string): ImageSet => ({
  width: 1600,
  height: 533,
  avif: `/media/${name}-640.avif 640w, /media/${name}-1080.avif 1080w`,
  webp: `/media/${name}-640.webp 640w`,
  jpeg: `/media/${name}-640.jpg 640w`,
  src: `/media/${name}-1080.jpg`,
})

/** Answers each read with `answers[path]` (a JSON body, or a status alone), else `{}`. */
function answering(answers: Record<string, unknown>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const body = answers[url.slice(origin.length)]
      if (typeof body === "number") return new Response("{}", { status: body })
      return new Response(JSON.stringify(body ?? {}))
    }),
  )
}

function visit(path: string) {
  window.history.replaceState(null, "", path)
  const empty = { landing: [], creator: [], profile: [], checkout: [] }
  startEarly({ chunks: empty, apiOrigin: "" })
}

const preloads = () =>
  [...document.head.querySelectorAll("link[rel=preload]")].map((link) =>
    Object.fromEntries(link.getAttributeNames().map((name) => [name, link.getAttribute(name)])),
  )
/** Lets the early answers arrive and their callbacks run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => localStorage.setItem("auth", JSON.stringify({ accessToken: token })))
afterEach(() => {
  vi.unstubAllGlobals()
  document.head.innerHTML = ""
  localStorage.clear()
  delete (window as { __closerEarly?: object }).__closerEarly
})

describe("startEarly on a studio page whose largest picture a read names", () => {
  it("preloads Perfil's banner at the AVIF width its picture takes, and the app still reads the profile", async () => {
    const profile = { bannerPic: "/media/banner.jpg", bannerPicImage: image("banner") }
    answering({ "/v1/studio/profile": profile })
    visit("/studio/perfil")
    await settled()
    expect(preloads()).toEqual([
      {
        rel: "preload",
        as: "image",
        fetchpriority: "high",
        type: "image/avif",
        imagesrcset: image("banner").avif,
        imagesizes: studioBannerSizes,
      },
    ])
    const answer = await takeEarlyAnswer(`${origin}/v1/studio/profile`, token)
    expect(await answer?.json()).toEqual(profile)
  })

  it("preloads a banner without renditions by its address", async () => {
    answering({ "/v1/studio/profile": { bannerPic: "/media/banner.jpg" } })
    visit("/studio/perfil")
    await settled()
    expect(preloads()).toEqual([
      { rel: "preload", as: "image", fetchpriority: "high", href: "/media/banner.jpg" },
    ])
  })

  it("preloads the first row of Conteúdo's stories on the stories tab only", async () => {
    const stories = ["story-1", "story-2", "story-3", "story-4"].map((name) => ({
      image: image(name),
      displayUrl: `/media/${name}.jpg`,
    }))
    answering({ "/v1/studio/stories": { stories } })
    visit("/studio/conteudo")
    await settled()
    expect(preloads()).toEqual(
      ["story-1", "story-2", "story-3"].map((name) => ({
        rel: "preload",
        as: "image",
        fetchpriority: "high",
        type: "image/avif",
        imagesrcset: image(name).avif,
        imagesizes: studioStorySizes,
      })),
    )
    document.head.innerHTML = ""
    visit("/studio/conteudo?aba=fotos")
    await settled()
    expect(preloads()).toEqual([])
  })

  it("preloads a video story's poster by its address", async () => {
    answering({ "/v1/studio/stories": { stories: [{ displayUrl: "/media/poster.jpg" }] } })
    visit("/studio/conteudo?aba=stories")
    await settled()
    expect(preloads()).toMatchObject([{ href: "/media/poster.jpg" }])
  })

  it("preloads nothing without a banner or a story, for a failed read or another page", async () => {
    answering({ "/v1/studio/profile": { bannerPic: "" }, "/v1/studio/stories": 500 })
    for (const path of ["/studio/perfil", "/studio/conteudo", "/studio/numeros", "/admin/leads"])
      visit(path)
    await settled()
    answering({ "/v1/studio/stories": { stories: [] } })
    visit("/studio/conteudo")
    await settled()
    expect(preloads()).toEqual([])
  })
})
