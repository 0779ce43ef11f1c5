import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { bannerImageSizes, type ImageSet } from "../../../../src/domain/images.ts"
import type { CreatorChanges } from "../../cache/creator-changes.ts"
import { createTtlCache } from "../../cache/ttl-cache.ts"
import { giveXsrfCookie, type AntiForgeryOptions } from "../../plugins/anti-forgery.ts"
import { normalizeUsername } from "../../../../src/domain/route-segments.ts"
import { compressedPage, createRoutePreloads, type SentPage } from "./route-preloads.ts"

/** One public read of the API, made in-process as a visitor (no token, no cookie). */
type PublicRead = (path: string) => Promise<{ status: number; body: unknown }>

/** The page renderer's answer (src/app/ssr/render-page.tsx, built to dist-ssr by `vite build`). */
type RenderedPage = {
  status: number
  page: string
  title: string | null
  html: string
  image: string | null
  /** The same picture's renditions, when it has them. */
  imageSet?: ImageSet | null
  stateScript: string
}
/** Whom a page is drawn for: a reader whose pass came with the request (sessions.service.ts). */
type Reader = { viewer: string; accessToken: string }
type RenderPage = (
  url: string,
  read: PublicRead,
  reader?: { viewer: string; read: PublicRead },
) => Promise<RenderedPage | null>

/** What the build's early-start plugin records for the server (build/early-start.ts). */
type BuildPages = { earlyStart: string; routeChunks?: Record<string, string[]> }

type Sent = SentPage

export type Pages = {
  /** Answers with the page's first HTML; false leaves the request to the plain index.html. */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<boolean>
}

export type PagesOptions = {
  /** The built app (index.html and assets). */
  distDir: string
  /** The built page renderer's module. */
  renderer: string
  /** How long a drawn page is kept in memory; without it every request draws its page. */
  cacheMs?: number
  /** Where a change to a creator is heard, so her kept pages are drawn again at once. */
  creatorChanges?: CreatorChanges
  /** Gives a first visit the anti-forgery cookie with its page. */
  antiForgery?: AntiForgeryOptions
  /** Who sent the request, from the reader's pass: her own payment pages are drawn for her. */
  readers?: { of(request: FastifyRequest): Promise<Reader | null> }
}

/** The first segment of a request's path, decoded ("/%40Demo/checkout?x=1" gives "@Demo"). */
function firstSegment(url: string): string {
  const segment = url.split(/[/?#]/)[1] ?? ""
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The banner's `<picture>` takes its AVIF source in every browser that reads AVIF, at the width
 * `sizes` asks for: the preload names the same files, so nothing is fetched twice (a browser
 * without AVIF skips the preload and fetches its own choice as the picture asks).
 */
function renditionsPreload(set: ImageSet): string {
  return (
    `<link rel="preload" as="image" type="image/avif" fetchpriority="high"` +
    ` imagesrcset="${escapeHtml(set.avif)}" imagesizes="${bannerImageSizes}">`
  )
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The first HTML of the pages followers land on (the landing, a creator's profile and
 * checkout), drawn by the app's own route tree and screens as a visitor sees them, inside the
 * built index.html: the name, bio and "Assinar" show before any script has run. The data comes
 * from the public /v1 reads, asked in-process. The page is the same for everyone, so it may be
 * cached like index.html; a signed-in reader's browser draws their own view once it runs.
 * Without a renderer (no `vite build` of it) pages start in the browser as before.
 */
export async function createPages(
  app: FastifyInstance,
  options: PagesOptions,
): Promise<Pages | null> {
  const buildFile = path.join(options.distDir, ".vite", "pages.json")
  if (!existsSync(options.renderer) || !existsSync(buildFile)) {
    app.log.warn(
      { renderer: options.renderer },
      "page renderer not built: pages start in the browser",
    )
    return null
  }
  const module = (await import(pathToFileURL(path.resolve(options.renderer)).href)) as {
    renderPage: RenderPage
    routeModules?: (url: string) => string[]
    /** True for the pages drawn only for their reader (the buyer's Pix and payment status). */
    readerPage?: (url: string) => boolean
  }
  const build = JSON.parse(readFileSync(buildFile, "utf8")) as BuildPages
  const indexHtml = readFileSync(path.join(options.distDir, "index.html"), "utf8")
  const preloads =
    build.routeChunks && module.routeModules
      ? createRoutePreloads({
          indexHtml,
          routeChunks: build.routeChunks,
          routeModules: module.routeModules,
        })
      : null
  const template = indexHtml
    // The early script asks for what the rendered page already carries.
    .replace(`<script src="${build.earlyStart}"></script>`, "")

  const readWith =
    (headers: Record<string, string>): PublicRead =>
    async (url) => {
      const response = await app.inject({
        method: "GET",
        url: `/v1${url}`,
        headers: { accept: "application/json", ...headers },
      })
      return { status: response.statusCode, body: safeJson(response.body) }
    }
  const read = readWith({})

  function document(page: RenderedPage): string {
    // The page's largest picture is asked for before the scripts and styles.
    const head = page.imageSet
      ? renditionsPreload(page.imageSet)
      : page.image
        ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(page.image)}">`
        : ""
    return template
      .replace(/<title>[^<]*<\/title>/, (title) =>
        page.title ? `<title>${escapeHtml(page.title)}</title>` : title,
      )
      .replace(/(<\/title>)/, `$1\n    ${head}`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${page.html}</div>${page.stateScript}`,
      )
  }

  /** The page for `url`, ready to send in each encoding, or null to leave it to the browser. */
  async function render(url: string, reader?: Reader): Promise<Sent | null> {
    const page = await module.renderPage(
      url,
      read,
      reader && {
        viewer: reader.viewer,
        read: readWith({ authorization: `Bearer ${reader.accessToken}` }),
      },
    )
    if (!page) return null
    return compressedPage(page.status, document(page))
  }

  /** The reader a page is drawn for, when it is one of hers and her pass came with it. */
  async function readerOf(request: FastifyRequest): Promise<Reader | null> {
    if (!options.readers || !module.readerPage?.(request.url)) return null
    return options.readers.of(request)
  }
  // Every visitor gets the same page, made of public reads: a launch's crowd is served from
  // memory for as long as those reads are (PUBLIC_CACHE_MS).
  const cache = options.cacheMs
    ? createTtlCache<Sent | null>({ ttlMs: options.cacheMs, maxEntries: 500 })
    : null
  // Keys are the pages' URLs: a creator's are `/{username}` and the paths below it.
  options.creatorChanges?.subscribe((username) => {
    const creator = normalizeUsername(username)
    cache?.deleteWhere((url) => normalizeUsername(firstSegment(url)) === creator)
  })

  return {
    async serve(request, reply) {
      let sent: Sent | null
      let reader: Reader | null
      try {
        reader = await readerOf(request)
        // A reader's page is hers alone: drawn for each request, never kept.
        sent = reader
          ? await render(request.url, reader)
          : await (cache
              ? cache.get(pageCacheKey(request.url), () => render(request.url))
              : render(request.url))
      } catch (error) {
        request.log.error({ err: error }, "page render failed: served to start in the browser")
        return false
      }
      sent ??= preloads?.documentFor(request.url) ?? null
      if (!sent) return false
      const accepts = String(request.headers["accept-encoding"] ?? "")
      reply
        .code(sent.status)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", reader ? "private, no-store" : "no-cache")
        .header("vary", "Accept-Encoding")
      if (options.antiForgery) giveXsrfCookie(request, reply, options.antiForgery)
      if (/\bbr\b/.test(accepts)) await reply.header("content-encoding", "br").send(sent.br)
      else if (/\bgzip\b/.test(accepts))
        await reply.header("content-encoding", "gzip").send(sent.gzip)
      else await reply.send(sent.html)
      return true
    },
  }
}

/**
 * A kept page's key: its URL without the value of a `code` (a temporary password, which
 * /choose-password only checks is there), so memory holds no secret and one page serves all.
 */
function pageCacheKey(url: string): string {
  return url.replace(/([?&]code=)[^&#]+/g, "$1*")
}

/**
 * Serves `/` through the renderer; other pages reach it through the not-found handler. The
 * renderer is built beside the app (dist-ssr/render-page.js) unless another is named; null
 * renders no page on the server.
 */
export async function registerPages(
  app: FastifyInstance,
  options: Omit<PagesOptions, "renderer"> & { renderer?: string | null },
): Promise<Pages | null> {
  if (options.renderer === null) return null
  const renderer = options.renderer ?? path.join(`${options.distDir}-ssr`, "render-page.js")
  const pages = await createPages(app, { ...options, renderer })
  if (pages)
    app.get("/", async (request, reply) => {
      if (await pages.serve(request, reply)) return reply
      return reply.header("cache-control", "no-cache").sendFile("index.html")
    })
  return pages
}
