import path from "node:path"
import type { LandingChunks } from "../src/app/early-start/start-early.ts"

/**
 * The pages a follower lands on, and the route modules each one shows: their code is grouped
 * in a few chunks (page-chunks.ts) fetched with the entry (early-start.ts).
 */
export const landingPages = {
  landing: ["src/app/site/landing-route.tsx"],
  creator: ["src/app/creator-page/routes/creator-layout-route.tsx"],
  profile: ["src/app/creator-page/routes/profile-route.tsx"],
  checkout: ["src/app/creator-page/routes/checkout-route.tsx"],
} satisfies Record<keyof LandingChunks, string[]>

/** Whether the bundler's module id (an absolute path) is one of `files` (from the root). */
export const isOneOf = (id: string, files: string[]) => {
  const posix = id.split(path.sep).join("/")
  return files.some((file) => posix.endsWith(file))
}
