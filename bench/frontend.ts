import { gzipSync } from "node:zlib"
import { chromium, type BrowserContextOptions } from "playwright"
import { chromiumArgs, chromiumPath } from "../tests/chromium.ts"
import type { BrowserState } from "./page-sessions.ts"
import type { BenchPage, PageKind } from "./pages.ts"

export type PageBytes = {
  page: string
  kind: PageKind
  jsRaw: number
  jsGzip: number
  cssRaw: number
  cssGzip: number
  jsFiles: string[]
}

/** A Playwright context holding what a prepared page expects in the browser's storage. */
export function storageOf(origin: string, state?: BrowserState): BrowserContextOptions {
  if (!state) return {}
  return {
    storageState: {
      cookies: (state.cookies ?? []).map((cookie) => ({
        ...cookie,
        domain: new URL(origin).hostname,
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax" as const,
      })),
      origins: [
        {
          origin,
          localStorage: Object.entries(state.localStorage).map(([name, value]) => ({
            name,
            value,
          })),
        },
      ],
    },
  }
}

/** A page has loaded its code when no script or stylesheet came for this long... */
const SETTLED_AFTER_MS = 2_000
/** ...or at the latest this long after the network first went idle. */
const SETTLE_LIMIT_MS = 10_000

/** JS and CSS a phone downloads to show a page: every script and stylesheet until the network is idle. */
export async function measureBytes(origin: string, pages: BenchPage[]): Promise<PageBytes[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  const results: PageBytes[] = []
  try {
    for (const benchPage of pages) {
      const prepared = await benchPage.prepare(origin)
      const context = await browser.newContext({
        viewport: { width: 412, height: 915 },
        ...storageOf(origin, prepared.state),
      })
      const page = await context.newPage()
      const totals = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 }
      const jsFiles: string[] = []
      const pending: Promise<void>[] = []
      // Counted until nothing new has arrived for a while: "networkidle" alone can come before
      // the page asks for its route's chunk after the first paint on a busy machine. Later
      // answers are not counted, and their bodies are not read from a context about to close.
      let counting = true
      let lastAnswerAt = Date.now()
      page.on("response", (response) => {
        const type = response.request().resourceType()
        if (!counting || (type !== "script" && type !== "stylesheet")) return
        lastAnswerAt = Date.now()
        pending.push(
          response.body().then((body) => {
            const gzip = gzipSync(body, { level: 9 }).length
            if (type === "script") {
              totals.jsRaw += body.length
              totals.jsGzip += gzip
              jsFiles.push(new URL(response.url()).pathname)
            } else {
              totals.cssRaw += body.length
              totals.cssGzip += gzip
            }
          }),
        )
      })
      await page.goto(`${origin}${prepared.path}`, { waitUntil: "networkidle" })
      const settledBy = Date.now() + SETTLE_LIMIT_MS
      while (Date.now() - lastAnswerAt < SETTLED_AFTER_MS && Date.now() < settledBy)
        await page.waitForTimeout(200)
      counting = false
      await Promise.all(pending)
      results.push({ page: benchPage.name, kind: benchPage.kind, ...totals, jsFiles })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}
