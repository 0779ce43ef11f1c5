import { StrictMode } from "react"
import { renderToString } from "react-dom/server"
import { ApiError } from "../../api/client.ts"
import { LANDING_TITLE } from "../../domain/constants.ts"
import type { ImageSet } from "../../domain/images.ts"
import type { Profile } from "../../domain/models.ts"
import { routes } from "../router.tsx"
import type { FirstRender } from "../routing/first-render.ts"
import { RouterFrame, RouteTree } from "../routing/route-views.tsx"
import { ServedTitle } from "../use-document-title.ts"
import { isPageNotFound, NOT_FOUND_TITLE } from "../routing/not-found.ts"
import { loadLocation, matchAppRoutes, Redirect, serveMatches } from "../routing/routes.ts"
import { PAGE_STATE_ID, serializePageState } from "./page-state.ts"
import { ServedData } from "./served-data.tsx"
import { ServedViewer } from "../session.ts"
import { createServerSource, type PublicRead, type ServerReader } from "./server-source.ts"

export type { PublicRead, ServerReader } from "./server-source.ts"

/** A page's first HTML, for the server to put in index.html. */
export type RenderedPage = {
  status: number
  page: FirstRender
  /** The document title the page sets once running. */
  title: string | null
  /** The markup of #root. */
  html: string
  /** The largest picture of the page, worth fetching before anything else: its `<img src>`. */
  image: string | null
  /** Its renditions, when it has them: the preload then lets the browser choose the width. */
  imageSet: ImageSet | null
  /** The page's state (page-state.ts): JSON in a script element that is never run. */
  stateScript: string
}

/**
 * Renders the first HTML of the pages people land on (the landing, a creator's profile and
 * checkout, the lead form, the legal pages, the first sign-in and recovery steps) with the same
 * route tree, loaders and screens as the browser, as a visitor sees them; and a buyer's own
 * payment pages as `reader` sees them, when her pass came with the request. Null means the page
 * starts in the browser as before: another page, a reader's page without its reader, a redirect
 * (whose target may differ for a signed-in reader, whom the server does not know) or a failure
 * that is not the profile's own 4xx.
 */
export async function renderPage(
  url: string,
  read: PublicRead,
  reader?: ServerReader,
): Promise<RenderedPage | null> {
  const location = new URL(`http://closer.local${url}`)
  const page = firstRenderOf(location.pathname)
  if (!page) return null
  // A reader's own page is drawn for her alone; every other page as any visitor sees it.
  const drawnFor = page === "reader" ? reader : undefined
  if (page === "reader" && !drawnFor) return null
  const viewer = drawnFor?.viewer ?? null

  const { source, served } = createServerSource(read, drawnFor)
  const state = await loadLocation(routes, location, { creatorSource: source })
  if (state instanceof Redirect) return null
  const failure = state.errors ? Object.values(state.errors)[0] : undefined
  let status = 200
  const notFound = isPageNotFound(failure)
  if (notFound) status = 404
  else if (failure !== undefined) {
    // An unknown or invalid username blocks the creator area (spec §2) with the API's answer.
    if (!(failure instanceof ApiError) || failure.status < 400 || failure.status >= 500) return null
    status = failure.status
  }

  const data = served()
  // The title the page's own code sets (useDocumentTitle): the deepest route's is heard last.
  let pageTitle: string | null = null
  const html = renderToString(
    <StrictMode>
      <ServedTitle value={(title) => (pageTitle = title)}>
        <ServedViewer value={viewer}>
          <ServedData entries={data}>
            <RouterFrame tree={<RouteTree state={state} location={url} />} />
          </ServedData>
        </ServedViewer>
      </ServedTitle>
    </StrictMode>,
  )
  const creator = state.loaderData.creator as { username: string } | undefined
  const profile = data.find(([key]) => key[0] === "profile")?.[1] as Profile | undefined
  // The profile's banner, drawn by components/banner.tsx.
  const banner = page === "profile" && profile && !profile.banned ? profile : null
  return {
    status,
    page,
    title: notFound
      ? NOT_FOUND_TITLE
      : page === "landing"
        ? LANDING_TITLE
        : creator
          ? `@${creator.username}`
          : pageTitle,
    html,
    image: banner ? (banner.bannerPicImage?.src ?? banner.bannerPic) : null,
    imageSet: banner?.bannerPicImage ?? null,
    stateScript: `<script type="application/json" id="${PAGE_STATE_ID}">${serializePageState({
      viewer,
      router: {
        pathname: location.pathname,
        matches: serveMatches(state.matches),
        loaderData: state.loaderData,
        // The error travels as the API's message and code, which the error boundary shows.
        errors:
          (failure instanceof ApiError || notFound) && state.errors
            ? Object.fromEntries(
                Object.keys(state.errors).map((id) => [
                  id,
                  {
                    message: (failure as Error).message,
                    code: (failure as { code?: string }).code,
                  },
                ]),
              )
            : null,
      },
      data,
    })}</script>`,
  }
}

function firstRenderOf(pathname: string): FirstRender | undefined {
  const matches = matchAppRoutes(routes, pathname)
  return (matches?.at(-1)?.route.handle as { firstRender?: FirstRender } | undefined)?.firstRender
}

/** True for a buyer's own payment pages, which the server draws only with her reader's pass. */
export function readerPage(url: string): boolean {
  return firstRenderOf(new URL(`http://closer.local${url}`).pathname) === "reader"
}

/**
 * The source files of the route code `url` runs, outermost first (routing/route-pages.ts): for a
 * page the browser draws, the server names their chunks in the HTML so they download with the
 * entry instead of after it.
 */
export function routeModules(url: string): string[] {
  const { pathname } = new URL(`http://closer.local${url}`)
  return (matchAppRoutes(routes, pathname) ?? []).flatMap(({ route }) =>
    route.module ? [route.module] : [],
  )
}
