import type { ImageSet } from "../../domain/images.ts"
import {
  studioBannerSizes,
  studioStoriesPerRow,
  studioStorySizes,
} from "../../domain/studio-images.ts"
import { appPages } from "../../domain/route-segments.ts"

/** A picture as `<picture>` (src/components/picture.tsx) draws it. */
export type EarlyPicture = { image: ImageSet | undefined; src: string; sizes: string }

/** Where a page's largest pictures are named: one of its first reads, and how to find them. */
export type PictureRead = {
  read: string
  find: (answer: unknown, search: URLSearchParams) => EarlyPicture[]
}

const field = (value: unknown, name: string): unknown =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null)
const imageSet = (value: unknown) =>
  typeof field(value, "avif") === "string" ? (value as ImageSet) : undefined

/**
 * The pictures a studio page opens with as its largest (Perfil's banner, the first row of
 * Conteúdo's first tab): fetched once its read answers instead of once the code has run and
 * drawn the page, which left them 0.7 to 0.9 s of load delay on a phone. Conteúdo's three
 * tiles are the same size give or take the rounding of a third, so any of them may be the
 * largest: preloading the first alone left the page's largest picture (the second, a fraction
 * of a pixel wider on the bench's phone) waiting for the code.
 */
const studioPictures: Record<string, PictureRead> = {
  perfil: {
    read: "/v1/studio/profile",
    find: (profile) => {
      const src = text(field(profile, "bannerPic"))
      const image = imageSet(field(profile, "bannerPicImage"))
      return src ? [{ image, src, sizes: studioBannerSizes }] : []
    },
  },
  conteudo: {
    read: "/v1/studio/stories",
    find: (answer, search) => {
      const tab = search.get("aba")
      if (tab !== null && tab !== "stories") return []
      const stories: unknown = field(answer, "stories")
      const firstRow: unknown[] = Array.isArray(stories)
        ? stories.slice(0, studioStoriesPerRow)
        : []
      return firstRow.flatMap((story) => {
        const image = imageSet(field(story, "image"))
        const src = image?.src ?? text(field(story, "displayUrl"))
        return src ? [{ image, src, sizes: studioStorySizes }] : []
      })
    },
  },
}

/** The read naming the largest picture of a page of /studio or /admin, if it has one. */
export function staffPicture(area: string, section: string): PictureRead | undefined {
  return area === appPages.studio && Object.hasOwn(studioPictures, section)
    ? studioPictures[section]
    : undefined
}

/**
 * Preloads the files `<picture>` will choose: the AVIF source at the width `sizes` asks for, as
 * every browser that reads AVIF takes it (one without skips the preload), or the plain image.
 */
export function preloadPicture({ image, src, sizes }: EarlyPicture) {
  const link = document.createElement("link")
  const attributes: Record<string, string> = image
    ? { type: "image/avif", imagesrcset: image.avif, imagesizes: sizes }
    : { href: src }
  const preload = { rel: "preload", as: "image", fetchpriority: "high", ...attributes }
  for (const [name, value] of Object.entries(preload)) link.setAttribute(name, value)
  document.head.appendChild(link)
}
