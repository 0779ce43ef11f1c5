import { chromium } from "playwright"
import sharp from "sharp"
import { chromiumArgs, chromiumPath } from "../tests/chromium.ts"

/** Lighthouse's mobile device: a Moto G Power, 412 CSS px wide at 2.625 device pixels per px. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625 }
/** The next rendition up may be picked: up to 1.5 times the box, or a 256 px picture for small boxes. */
export const imageSlack = 1.5
export const smallImagePx = 256

export type PageImage = {
  file: string
  bytes: number
  /** Pixels the picture has, and device pixels its box shows. */
  naturalWidth: number
  boxWidth: number
}

/** Every picture a phone downloads to show `path` until the network is idle, with its box. */
export async function measureImages(origin: string, path: string): Promise<PageImage[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  try {
    const context = await browser.newContext(phone)
    const page = await context.newPage()
    const bodies = new Map<string, Buffer>()
    const pending: Promise<void>[] = []
    page.on("response", (response) => {
      if (response.request().resourceType() !== "image") return
      pending.push(
        response
          .body()
          .then((body) => void bodies.set(response.url(), body))
          .catch(() => undefined),
      )
    })
    await page.goto(`${origin}${path}`, { waitUntil: "networkidle" })
    await Promise.all(pending)
    const shown = await page.$$eval("img", (images) =>
      images
        .filter((img) => img.complete && img.naturalWidth > 0 && img.currentSrc)
        .map((img) => ({
          url: img.currentSrc,
          boxWidth: Math.round(img.getBoundingClientRect().width * window.devicePixelRatio),
        })),
    )
    await context.close()
    // The file's own width: with `srcset`, img.naturalWidth is scaled to CSS pixels.
    return Promise.all(
      shown
        .filter((img) => bodies.has(img.url))
        .map(async (img) => ({
          file: new URL(img.url).pathname.split("/").pop() ?? img.url,
          bytes: bodies.get(img.url)!.length,
          naturalWidth: (await sharp(bodies.get(img.url)!).metadata()).width ?? 0,
          boxWidth: img.boxWidth,
        })),
    )
  } finally {
    await browser.close()
  }
}

/** Whether a picture is no wider than its box needs, allowing the next rendition up. */
export const fitsItsBox = (image: PageImage) =>
  image.naturalWidth <= Math.max(image.boxWidth * imageSlack, smallImagePx)
