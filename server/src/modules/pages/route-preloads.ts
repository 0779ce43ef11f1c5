import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib"
import { looksLikeFile } from "../../../../src/domain/addresses.ts"

/** A page as sent: its status and its HTML, plain and compressed. */
export type SentPage = { status: number; html: string; br: Buffer; gzip: Buffer }

export type RoutePreloadsOptions = {
  /** The built index.html, as the browser's app starts from it. */
  indexHtml: string
  /** Each route page's module and the chunks it runs beyond the entry's (build/early-start.ts). */
  routeChunks: Record<string, string[]>
  /** The route page modules an address runs (src/app/ssr/render-page.tsx). */
  routeModules: (url: string) => string[]
}

export const compressedPage = (status: number, html: string): SentPage => ({
  status,
  html,
  // Compressed as the build's files are: a phone downloads a third of the bytes.
  br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: gzipSync(html, { level: 6 }),
})

const escapeAttribute = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * index.html for a page the browser draws, naming the chunks of its route's code: they download
 * beside the entry instead of once it has run and matched the address, a round trip and the
 * entry's run sooner on a phone. Null leaves the plain index.html (no route code to name).
 */
export function createRoutePreloads({
  indexHtml,
  routeChunks,
  routeModules,
}: RoutePreloadsOptions) {
  // One document per set of chunks: there are as many as the app has pages, not addresses.
  const documents = new Map<string, SentPage>()
  return {
    documentFor(url: string): SentPage | null {
      if (looksLikeFile(url)) return null
      const chunks = [...new Set(routeModules(url).flatMap((module) => routeChunks[module] ?? []))]
      if (chunks.length === 0) return null
      const key = chunks.join(" ")
      let page = documents.get(key)
      if (!page) {
        const links = chunks
          .map((chunk) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(chunk)}">`)
          .join("\n    ")
        page = compressedPage(
          200,
          indexHtml.replace("</head>", () => `  ${links}\n  </head>`),
        )
        documents.set(key, page)
      }
      return page
    },
  }
}
