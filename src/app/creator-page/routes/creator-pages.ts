import { routePages } from "../../routing/route-pages.ts"

/** The pages under /{username}, each its own chunk (globbed here: their names stay short). */
export const creatorPage = routePages(
  import.meta.glob("./*-route.tsx"),
  "src/app/creator-page/routes",
)
